import { ScanJob } from './components/scan-job';

/** /delivercurrier (spec 003 §2): the shared courier job screen, operation type 8707. */
export function HandToCourierScreen() {
  return <ScanJob flow="delivercurrier" operType={8707} />;
}
