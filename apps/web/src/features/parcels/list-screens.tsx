import { ParcelListScreen, type ParcelListConfig } from './components/parcel-list-screen';
import type { ParcelColumnId } from './components/parcel-columns';

/** The parcel lists as descriptions of the one list screen; each export is a screen of the route table. */
function screen(config: ParcelListConfig) {
  const Screen = () => <ParcelListScreen config={config} />;
  Screen.displayName = `ParcelList_${config.key}`;
  return Screen;
}

/** Spec 002 §2.6: warning level, registration date, deadline, barcode, last status, registered by, receiver, sender. */
const listColumns: readonly ParcelColumnId[] = [
  'Prefix',
  'CreateDate',
  'CollectionDate',
  'Barcode',
  'CurStatusName',
  'Login',
  'Receiver',
  'Sender',
];

/** /myparcels (§2.6), "my shipments". */
export const MyParcelsScreen = screen({ key: 'mine', kind: 'mine', columns: listColumns, detailed: true });
/** /suborgparcels (§2.7): the same grid plus the office lookup. */
export const SubOfficeParcelsScreen = screen({
  key: 'suborg',
  kind: 'suborg',
  columns: listColumns,
  detailed: true,
  officeLookup: true,
});
/** /receiving (§2.13): parcels to receive. */
export const IncomingParcelsScreen = screen({ key: 'incoming', kind: 'incoming', columns: listColumns });
/** /sending (§2.13): parcels to send; not for corporate users. */
export const OutgoingParcelsScreen = screen({ key: 'outgoing', kind: 'outgoing', columns: listColumns });
