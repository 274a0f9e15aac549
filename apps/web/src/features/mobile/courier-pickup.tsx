import { ScanJob } from './components/scan-job';

/** /parsexport (spec 003 §2): the shared courier job screen, operation type 8711. */
export function CourierPickupScreen() {
  return <ScanJob flow="parsexport" operType={8711} />;
}
