import { ScanJob } from './components/scan-job';

/** /statuschange (spec 003 §2): the shared courier job screen, operation type 0. */
export function StatusChangeScreen() {
  return <ScanJob flow="statuschange" operType={0} />;
}
