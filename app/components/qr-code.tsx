/**
 * A QR code of `value` as an inline SVG. The encoder (qrcode-generator, dependency-free) is
 * loaded on first use in the browser, so no page carries it in its initial JavaScript; the server
 * renders an empty placeholder.
 */
import { useEffect, useState } from "react";
import { useI18n } from "../i18n/use-i18n";

type Matrix = { size: number; path: string };

/** `label`: what the code holds, for a screen reader ("The proof as a QR code"). */
export function QrCode({ value, label, pixelsPerModule = 4 }: { value: string; label: string; pixelsPerModule?: number }) {
  const [state, setState] = useState<{ value: string; matrix?: Matrix; error?: boolean } | null>(null);
  const { t } = useI18n();

  useEffect(() => {
    let live = true;
    import("qrcode-generator")
      .then(({ default: qrcode }) => {
        // Type 0: the smallest version that fits; level L: the most data (up to 2953 bytes).
        const qr = qrcode(0, "L");
        qr.addData(value, "Byte");
        qr.make();
        const size = qr.getModuleCount();
        let path = "";
        for (let row = 0; row < size; row++) {
          for (let col = 0; col < size; col++) if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
        }
        if (live) setState({ value, matrix: { size, path } });
      })
      .catch(() => {
        if (live) setState({ value, error: true });
      });
    return () => {
      live = false;
    };
  }, [value]);

  if (!state || state.value !== value) return <div className="qr-code" aria-busy="true" />;
  if (state.error || !state.matrix) return <p className="muted">{t("qr.tooLong")}</p>;
  const { size, path } = state.matrix;
  const quiet = 4;
  const side = size + quiet * 2;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${side} ${side}`}
      width={side * pixelsPerModule}
      height={side * pixelsPerModule}
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
