import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printHtml, type PrintHtmlOptions } from '@/components/print/print-frame';
import { formatShortDate, formatTime } from '@/lib/format';
import i18n from '@/i18n';
import { formatDecimal } from '@/lib/number-format';
import { TrackingAddress } from '@po/contract/generated/call-refs/tracking';
import { callApi } from '@/api/client';

/**
 * The delivery notification card (spec 001 §2.10), shared by every screen that prints it (registration,
 * the parcel finder): CODE128 barcode, QR code (level Q) of the tracking link (`PUBLIC_URL/track/<barcode>`,
 * issue 38: the recipient's phone opens the tracking page; the scan boxes read it back as the barcode), type, weight in kg, date, price
 * in lari, case number (Fild1), extra field (Fild2), sender, receiver and blank areas the receiver fills
 * in (signature, date, name). Texts from the `print` catalogue.
 */

export interface CardParcel {
  Barcode: string;
  CreateDate: string;
  Value: number;
  Weight: number;
  ParcelTypeName: string;
  Fild1: string;
  Fild2: string;
  Sender: string;
  SenderAddress: string;
  SenderPostCode: string;
  /** the full postal address when the server composed it (city, village, address, index) */
  SenderFullAddress?: string;
  Receiver: string;
  ReceiverAddress: string;
  ReceiverPostCode: string;
  ReceiverFullAddress?: string;
}

export interface CardCodes {
  barcode: string;
  qr: string;
}

/** The server's tracking address (PUBLIC_URL), asked once per visit; a failed ask is asked again next time. */
let trackingAddress: Promise<string> | null = null;
function trackingUrl(): Promise<string> {
  trackingAddress ??= callApi(TrackingAddress, {}, { quiet: true }).then(
    (a) => a.Url,
    (err: unknown) => {
      trackingAddress = null;
      throw err;
    },
  );
  return trackingAddress;
}

/** The tracking link a card's QR code carries (the same link the recipient's messages send). */
export const trackingLink = (url: string, barcode: string) => `${url}/track/${encodeURIComponent(barcode)}`;

/** The two code images of a card (PNG data URLs). */
export async function cardCodes(barcode: string): Promise<CardCodes> {
  // The code libraries are large: load them when a card is first shown or printed.
  const [{ code128DataUrl, qrDataUrl }, url] = await Promise.all([
    import('@/components/print/codes'),
    trackingUrl(),
  ]);
  return {
    barcode: code128DataUrl(barcode, { scale: 2, height: 14 }),
    qr: await qrDataUrl(trackingLink(url, barcode), { size: 168 }),
  };
}

export const CARD_CSS = `
.po-card { width: 190mm; border: 1.5px solid #000; padding: 5mm 6mm; font-size: 10.5pt; line-height: 1.35;
  font-family: 'Noto Sans Georgian', 'Noto Sans', Arial, sans-serif; color: #000; background: #fff; break-inside: avoid; }
.po-card__head { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 1px solid #000;
  padding-bottom: 2mm; margin-bottom: 3mm; }
.po-card__title { font-size: 14pt; font-weight: 700; }
.po-card__brand { font-weight: 600; }
.po-card__codes { display: flex; justify-content: space-between; align-items: center; gap: 6mm; margin-bottom: 3mm; }
.po-card__barcode { width: auto; height: auto; max-width: 120mm; }
.po-card__qr { width: 30mm; height: 30mm; }
.po-card__facts { width: 100%; border-collapse: collapse; margin-bottom: 3mm; }
.po-card__facts th, .po-card__facts td { border: 1px solid #000; padding: 1mm 2mm; text-align: left; vertical-align: top; }
.po-card__facts th { font-weight: 600; width: 24%; background: #f2f2f2; }
.po-card__parties { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; margin-bottom: 3mm; }
.po-card__party { border: 1px solid #000; padding: 2mm; min-height: 20mm; min-width: 0; overflow-wrap: anywhere; }
.po-card__label { font-size: 8.5pt; font-weight: 600; text-transform: none; color: #333; }
.po-card__blank { border: 1px dashed #000; padding: 2mm 3mm; }
.po-card__blank-row { display: grid; grid-template-columns: 1fr 1fr 1.4fr; gap: 6mm; margin-top: 2mm; }
.po-card__line { border-bottom: 1px solid #000; height: 10mm; }
`;

export interface NotificationCardProps {
  parcel: CardParcel;
  codes: CardCodes;
}

function place(full: string | undefined, address: string, postCode: string) {
  if (full) return full;
  return [address, postCode && !address.endsWith(postCode) ? postCode : ''].filter(Boolean).join(', ');
}

/** The card itself (static: renders the same on screen and in the print frame). */
export function NotificationCard({ parcel, codes }: NotificationCardProps) {
  const { t } = useTranslation('print', { i18n });
  const facts: Array<[string, string]> = [
    [t('card.type'), parcel.ParcelTypeName],
    [t('card.weight'), `${formatDecimal(parcel.Weight, 2, 2)} ${t('card.kg')}`],
    [t('card.date'), `${formatShortDate(parcel.CreateDate)} ${formatTime(parcel.CreateDate)}`],
    [t('card.price'), `${formatDecimal(parcel.Value, 2, 2)} ${t('card.lari')}`],
    [t('card.caseNumber'), parcel.Fild1],
    [t('card.extra'), parcel.Fild2],
  ];
  return (
    <div className="po-card" data-testid="notification-card" data-barcode={parcel.Barcode}>
      <style>{CARD_CSS}</style>
      <div className="po-card__head">
        <span className="po-card__title">{t('card.title')}</span>
        <span className="po-card__brand">PostOffice · {parcel.Barcode}</span>
      </div>
      <div className="po-card__codes">
        <img className="po-card__barcode" src={codes.barcode} alt={`CODE128 ${parcel.Barcode}`} />
        <img className="po-card__qr" src={codes.qr} alt={`QR ${parcel.Barcode}`} />
      </div>
      <table className="po-card__facts">
        <tbody>
          {[0, 2, 4].map((i) => (
            <tr key={i}>
              <th>{facts[i][0]}</th>
              <td>{facts[i][1]}</td>
              <th>{facts[i + 1][0]}</th>
              <td>{facts[i + 1][1]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="po-card__parties">
        <div className="po-card__party">
          <div className="po-card__label">{t('card.sender')}</div>
          <div>{parcel.Sender}</div>
          <div>{place(parcel.SenderFullAddress, parcel.SenderAddress, parcel.SenderPostCode)}</div>
        </div>
        <div className="po-card__party">
          <div className="po-card__label">{t('card.receiver')}</div>
          <div>{parcel.Receiver}</div>
          <div>{place(parcel.ReceiverFullAddress, parcel.ReceiverAddress, parcel.ReceiverPostCode)}</div>
        </div>
      </div>
      <div className="po-card__blank">
        <div className="po-card__label">{t('card.forReceiver')}</div>
        <div className="po-card__blank-row">
          <div>
            <div className="po-card__line" />
            <div className="po-card__label">{t('card.signature')}</div>
          </div>
          <div>
            <div className="po-card__line" />
            <div className="po-card__label">{t('card.receivedDate')}</div>
          </div>
          <div>
            <div className="po-card__line" />
            <div className="po-card__label">{t('card.receiverName')}</div>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The card with its codes made on the fly (for previews). */
export function NotificationCardPreview({ parcel }: { parcel: CardParcel }) {
  const [codes, setCodes] = useState<CardCodes | null>(null);
  useEffect(() => {
    let live = true;
    void cardCodes(parcel.Barcode).then((c) => live && setCodes(c));
    return () => {
      live = false;
    };
  }, [parcel.Barcode]);
  return codes ? <NotificationCard parcel={parcel} codes={codes} /> : null;
}

/** The card's HTML, codes included (what the print frame receives). */
export async function notificationCardHtml(parcel: CardParcel): Promise<string> {
  const [codes, { renderToStaticMarkup }] = await Promise.all([
    cardCodes(parcel.Barcode),
    import('react-dom/server'),
    i18n.loadNamespaces('print'),
  ]);
  return renderToStaticMarkup(<NotificationCard parcel={parcel} codes={codes} />);
}

/** Prints the card through the shared print frame. */
export async function printNotificationCard(parcel: CardParcel, opts: PrintHtmlOptions = {}) {
  const html = await notificationCardHtml(parcel);
  return printHtml(html, {
    title: `${i18n.t('print:card.title')} ${parcel.Barcode}`,
    css: CARD_CSS,
    ...opts,
  });
}
