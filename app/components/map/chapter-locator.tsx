/**
 * A chapter's small map on its page: the land around it (zoomed in eightfold, about a country's
 * width) with the chapter's dot in the middle, as a picture named "Berlin on the map at 52.52° N,
 * 13.40° E". Nothing to operate: the chapter list's map is where one explores.
 */
import { useI18n } from "../../i18n/use-i18n";
import { formatCoordinates } from "../../map/coordinates";
import { MAP_SIZE, svgX, svgY } from "../../map/projection";
import { viewAround, viewBoxOf, viewWidth } from "../../map/view";
import worldUrl from "../../map/world.svg";
import { chapterLabel } from "../../ground/format";

/** The width it is drawn for (styles.css: .map-locator), so the dot is about 6 px across. */
const WIDTH_PX = 256;
const ZOOM = 8;

export function ChapterLocator({ chapter }: { chapter: { id: string; locationText: string | null; x: number; y: number } }) {
  const { t, language } = useI18n();
  const [sx, sy] = [svgX(chapter.x), svgY(chapter.y)];
  const view = viewAround(sx, sy, ZOOM);
  const unitsPerPx = viewWidth(view) / WIDTH_PX;
  const place = formatCoordinates(chapter, t, language);
  return (
    <svg className="map map-locator" viewBox={viewBoxOf(view)} role="img" aria-label={t("map.locator", { name: chapterLabel(chapter, t), place })}>
      <image href={worldUrl} x={0} y={0} width={MAP_SIZE} height={MAP_SIZE} preserveAspectRatio="none" />
      <circle cx={sx} cy={sy} r={6 * unitsPerPx} />
    </svg>
  );
}
