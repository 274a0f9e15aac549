import { ScanStatus } from '@po/contract/parcels/scans';
import { changeComment, markPaid, scanFine, scanStatus } from './api/scans';
import { ScanScreen, type ScanScreenConfig } from './components/scan-screen';

/** The scan screens as descriptions of the one scan screen; each export is a screen of the route table. */
function screen(config: ScanScreenConfig) {
  const Screen = () => <ScanScreen config={config} />;
  Screen.displayName = `ScanScreen_${config.key}`;
  return Screen;
}

const common = [
  'Barcode',
  'CurStatusName',
  'CreateDate',
  'CollectionDate',
  'Login',
  'Receiver',
  'Sender',
] as const;

/** /receiveparcel (§2.8): each scan sets 8736. */
export const ReceiveParcelScreen = screen({
  key: 'receive',
  columns: common,
  duplicate: 'received',
  send: (code) => scanStatus(ScanStatus.Receive, code),
});

/** /receivepayedparcel (§2.9): fines received (8736) through the paid-barcode call; the fine number, paid in green. */
export const ReceiveFinesScreen = screen({
  key: 'receiveFines',
  columns: ['Barcode', 'FineNumber', 'IsPayed', 'CurStatusName', 'CreateDate', 'Receiver', 'Sender'],
  duplicate: 'received',
  paidRows: true,
  send: (code) => scanFine(ScanStatus.Receive, code),
});

/** /checkpayed (§2.10): a fine marked paid; a payment column. */
export const CheckPaidScreen = screen({
  key: 'checkPayed',
  columns: ['Barcode', 'FineNumber', 'Payment', 'CurStatusName', 'CreateDate', 'Receiver', 'Sender'],
  duplicate: 'processed',
  paidRows: true,
  send: (code) => markPaid(code),
});

/** /confirmparcel (§2.11): each scan sets 8734. */
export const ConfirmParcelScreen = screen({
  key: 'confirm',
  columns: common,
  duplicate: 'received',
  send: (code) => scanStatus(ScanStatus.Confirm, code),
});

/** /addstatus (§2.12): the chosen status (preselected 8734); a code already in the list is "already processed". */
export const AddStatusScreen = screen({
  key: 'addStatus',
  columns: common,
  duplicate: 'processed',
  statusLookup: true,
  send: (code, ctx) => scanStatus(ctx.status ?? ScanStatus.Default, code),
});

/** /comment (§2.18): the comment of a parcel; an empty answer is "not found". */
export const CommentScreen = screen({
  key: 'comment',
  columns: ['Barcode', 'CreateDate', 'CollectionDate', 'Signature', 'Login', 'Receiver', 'Sender'],
  duplicate: 'processed',
  comment: true,
  emptyIsNotFound: true,
  send: (code, ctx) => changeComment(ctx.comment, code),
});
