import { WaybillJob } from './components/waybill-job';

/** /startwaybill (spec 003 §2): the waybill run that starts (activates) a waybill per parcel. */
export function WaybillStartScreen() {
  return <WaybillJob flow="startwaybill" />;
}
