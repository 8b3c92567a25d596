/** A member's own controls on /me, loaded lazily (the forms sign: ../wallet/member-forms.client.tsx). */
import { lazy } from "react";

const forms = () => import("../wallet/member-forms.client");
export const LeaveChapter = lazy(() => forms().then((m) => ({ default: m.LeaveChapter })));
export const LeaveParty = lazy(() => forms().then((m) => ({ default: m.LeaveParty })));
