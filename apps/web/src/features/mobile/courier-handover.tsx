import { ScanJob } from './components/scan-job';

/** /pargive (spec 003 §2): the shared courier job screen, operation type 8712. */
export function CourierHandoverScreen() {
  return <ScanJob flow="pargive" operType={8712} />;
}
