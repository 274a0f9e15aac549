import { WaybillJob } from './components/waybill-job';

/** /closewaybill (spec 003 §2): the waybill run that closes each parcel's waybill. */
export function WaybillCloseScreen() {
  return <WaybillJob flow="closewaybill" />;
}
