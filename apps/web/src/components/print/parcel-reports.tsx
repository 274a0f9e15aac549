import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Handover } from '@po/contract/files';
import type { FinderRow } from '@po/contract/parcels/finder';
import { printHtml, type PrintHtmlOptions } from '@/components/print/print-frame';
import { base64DataUrl, isPdf } from '@/components/print/data-url';
import { formatDateTime } from '@/lib/format';
import { formatDecimal } from '@/lib/number-format';
import i18n from '@/i18n';

/**
 * The finder's two other printouts (spec 001 §2.10), through the shared print path:
 * - the detailed parcel report: every field, printed by and when, the courier, the recipient's signature;
 * - the scanned-bill report: the bill image with the barcode, weight in kg and price in lari.
 * Both carry the barcode as CODE128 so a scanner reads the sheet back.
 */

export const REPORT_CSS = `
.po-report { width: 190mm; font-size: 10pt; line-height: 1.35; color: #000; }
.po-report__head { display: flex; justify-content: space-between; align-items: center; border-bottom: 1.5px solid #000;
  padding-bottom: 2mm; margin-bottom: 3mm; }
.po-report__title { font-size: 14pt; font-weight: 700; }
.po-report__code { height: auto; max-width: 90mm; }
.po-report__facts { width: 100%; border-collapse: collapse; margin-bottom: 3mm; }
.po-report__facts th, .po-report__facts td { border: 1px solid #000; padding: 1mm 2mm; text-align: left; vertical-align: top; }
.po-report__facts th { width: 22%; background: #f2f2f2; font-weight: 600; }
.po-report__sign { border: 1px solid #000; padding: 2mm; min-height: 30mm; break-inside: avoid; }
.po-report__sign img { display: block; width: 120mm; max-width: 100%; max-height: 80mm; object-fit: contain; margin-top: 1mm; }
.po-report__photos { border: 1px solid #000; border-top: 0; padding: 2mm; break-inside: avoid; }
.po-report__photos img { width: 58mm; height: 58mm; object-fit: contain; margin: 1mm 2mm 0 0; border: 1px solid #999; }
.po-report__foot { margin-top: 3mm; display: flex; justify-content: space-between; font-size: 9pt; }
.po-report__bill { max-width: 100%; max-height: 230mm; border: 1px solid #000; }
`;

export type ReportParcel = FinderRow;

const day = (v: string | null) => (v ? formatDateTime(v) : '');
const kg = (n: number) => `${formatDecimal(n, 2, 2)} ${i18n.t('print:card.kg')}`;
const lari = (n: number) => `${formatDecimal(n, 2, 2)} ${i18n.t('print:card.lari')}`;
const address = (a: string, code: string) => [a, code].filter(Boolean).join(', ');

export interface ParcelReportProps {
  parcel: ReportParcel;
  barcodeImage: string;
  signature: string | null;
  /** the courier's outcome (GetParcelHandover): their name and the comment they typed */
  handover: Handover | null;
  /** the courier's proof photos as data URLs (issue 40) */
  photos?: readonly string[];
  printedBy: string;
  printedAt: string;
}

/** The detailed parcel report (static markup for the print frame). */
export function ParcelReport({
  parcel: p,
  barcodeImage,
  signature,
  handover,
  photos = [],
  printedBy,
  printedAt,
}: ParcelReportProps) {
  const { t } = useTranslation('print', { i18n });
  const f = (k: string) => t(`report.fields.${k}`);
  const rows: Array<[string, string]> = [
    [f('type'), p.TypeName],
    [f('createDate'), day(p.CreateDate)],
    [f('registeredBy'), p.Login],
    [f('collectionDate'), day(p.CollectionDate)],
    [f('status'), p.CurStatusName],
    [f('statusDate'), day(p.StatusDate)],
    [f('deliveryStatus'), p.DeliveryStatus],
    [f('deliveryDate'), day(p.DeliveryDate)],
    [f('firstVisit'), p.Lname],
    [f('visitDate'), day(p.Ldate)],
    [f('late'), String(p.Late)],
    [f('sender'), p.Sender],
    [f('senderAddress'), address(p.SenderAddress, p.SenderPostCode)],
    [f('receiver'), p.Receiver],
    [f('receiverAddress'), address(p.ReceiverAddress, p.ReceiverPostCode)],
    [f('pid'), p.PID],
    [f('fild1'), p.Fild1],
    [f('fild2'), p.Fild2],
    [f('packages'), String(p.NumberOfPackages)],
    [f('weight'), kg(p.Weight)],
    [f('dimensions'), `${p.Length} × ${p.Width} × ${p.Height}`],
    [f('value'), lari(p.Value)],
    [f('payType'), p.PaymetType],
    [f('payer'), p.Whopays],
    [f('sendType'), p.SendType],
    [f('direction'), p.Direction],
    [f('description'), p.Description],
    [f('comment'), p.Signature],
    [t('report.courier'), handover?.CourierName || p.Courier],
    [f('handoverComment'), handover?.Comment ?? ''],
  ];
  return (
    <div className="po-report" data-testid="parcel-report" data-barcode={p.Barcode}>
      <div className="po-report__head">
        <span className="po-report__title">{t('report.title')}</span>
        <img className="po-report__code" src={barcodeImage} alt={`CODE128 ${p.Barcode}`} />
      </div>
      <table className="po-report__facts">
        <tbody>
          <tr>
            <th>{f('barcode')}</th>
            <td>{p.Barcode}</td>
          </tr>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th>{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="po-report__sign">
        <div>
          <b>{t('report.recipientSignature')}</b>
        </div>
        {signature ? (
          <img src={signature} alt={t('report.recipientSignature')} />
        ) : (
          <i>{t('report.noSignature')}</i>
        )}
      </div>
      {photos.filter(Boolean).length > 0 && (
        <div className="po-report__photos" data-testid="report-photos">
          <div>
            <b>{t('report.photos')}</b>
          </div>
          {photos.filter(Boolean).map((src, i) => (
            <img key={i} src={src} alt={`${t('report.photos')} ${i + 1}`} />
          ))}
        </div>
      )}
      <div className="po-report__foot">
        <span>
          {t('report.printedBy')}: {printedBy}
        </span>
        <span>
          {t('report.printedAt')}: {printedAt}
        </span>
      </div>
    </div>
  );
}

export interface BillReportProps {
  parcel: Pick<ReportParcel, 'Barcode' | 'Weight' | 'Value'>;
  barcodeImage: string;
  bill: string;
}

/** The scanned-bill report: the image (or a PDF note), the barcode, weight in kg and price in lari. */
export function BillReport({ parcel: p, barcodeImage, bill }: BillReportProps) {
  const { t } = useTranslation('print', { i18n });
  return (
    <div className="po-report" data-testid="bill-report" data-barcode={p.Barcode}>
      <div className="po-report__head">
        <span className="po-report__title">{t('bill.title')}</span>
        <img className="po-report__code" src={barcodeImage} alt={`CODE128 ${p.Barcode}`} />
      </div>
      <table className="po-report__facts">
        <tbody>
          <tr>
            <th>{t('bill.barcode')}</th>
            <td>{p.Barcode}</td>
            <th>{t('bill.weight')}</th>
            <td>{kg(p.Weight)}</td>
            <th>{t('bill.price')}</th>
            <td>{lari(p.Value)}</td>
          </tr>
        </tbody>
      </table>
      {isPdf(bill) ? (
        <p>{t('bill.pdf')}</p>
      ) : (
        <img className="po-report__bill" src={base64DataUrl(bill) ?? ''} alt={t('bill.title')} />
      )}
    </div>
  );
}

async function render(node: () => ReactElement): Promise<string> {
  const [{ renderToStaticMarkup }] = await Promise.all([
    import('react-dom/server'),
    i18n.loadNamespaces('print'),
  ]);
  return renderToStaticMarkup(node());
}

async function barcodeImage(code: string): Promise<string> {
  const { code128DataUrl } = await import('@/components/print/codes');
  return code128DataUrl(code, { scale: 2, height: 12 });
}

/** Prints the detailed parcel report (signature: base64 from GetSignatureToBase64, or empty). */
export async function printParcelReport(
  parcel: ReportParcel,
  extra: {
    signature: string | null;
    handover?: Handover | null;
    /** the proof photos as data URLs */
    photos?: readonly string[];
    printedBy: string;
  },
  opts: PrintHtmlOptions = {},
) {
  const image = await barcodeImage(parcel.Barcode);
  const html = await render(() => (
    <ParcelReport
      parcel={parcel}
      barcodeImage={image}
      signature={base64DataUrl(extra.signature)}
      handover={extra.handover ?? null}
      photos={extra.photos ?? []}
      printedBy={extra.printedBy}
      printedAt={formatDateTime(new Date())}
    />
  ));
  return printHtml(html, {
    title: `${i18n.t('print:report.title')} ${parcel.Barcode}`,
    css: REPORT_CSS,
    ...opts,
  });
}

/** Prints the scanned-bill report (bill: base64 from GetBillJpgToBase64). */
export async function printBillReport(
  parcel: Pick<ReportParcel, 'Barcode' | 'Weight' | 'Value'>,
  bill: string,
  opts: PrintHtmlOptions = {},
) {
  const image = await barcodeImage(parcel.Barcode);
  const html = await render(() => <BillReport parcel={parcel} barcodeImage={image} bill={bill} />);
  return printHtml(html, {
    title: `${i18n.t('print:bill.title')} ${parcel.Barcode}`,
    css: REPORT_CSS,
    ...opts,
  });
}
