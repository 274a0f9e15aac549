/**
 * The words of the documents the server prints as PDF (the label card of modules/labels, the proof of
 * delivery of modules/proof), Georgian first. The card's words are the web's `print` catalogue's
 * (`card.*`), so the card reads the same printed from the browser or from the server.
 */
import type { Message } from './messages.ts';

export const cardTexts = {
  title: { ka: 'შეტყობინება ჩაბარების შესახებ', en: 'Delivery notification' },
  type: { ka: 'ტიპი', en: 'Type' },
  weight: { ka: 'წონა', en: 'Weight' },
  date: { ka: 'თარიღი', en: 'Date' },
  price: { ka: 'ფასი', en: 'Price' },
  caseNumber: { ka: 'საქმის ნომერი', en: 'Case number' },
  extra: { ka: 'დამატებითი ველი', en: 'Extra field' },
  sender: { ka: 'გამგზავნი', en: 'Sender' },
  receiver: { ka: 'მიმღები', en: 'Receiver' },
  forReceiver: { ka: 'ივსება მიმღების მიერ', en: 'Filled in by the receiver' },
  signature: { ka: 'ხელმოწერა', en: 'Signature' },
  receivedDate: { ka: 'ჩაბარების თარიღი', en: 'Date received' },
  receiverName: { ka: 'სახელი, გვარი', en: 'Full name' },
  kg: { ka: 'კგ', en: 'kg' },
  lari: { ka: 'ლარი', en: 'GEL' },
} satisfies Record<string, Message>;

export const podTexts = {
  title: { ka: 'ჩაბარების დადასტურება', en: 'Proof of delivery' },
  barcode: { ka: 'შტრიხკოდი', en: 'Barcode' },
  recipient: { ka: 'მიმღები', en: 'Recipient' },
  deliveredAt: { ka: 'ჩაბარების თარიღი და დრო', en: 'Delivered at' },
  place: { ka: 'ადგილი', en: 'Place' },
  courier: { ka: 'კურიერი', en: 'Courier' },
  status: { ka: 'სტატუსი', en: 'Status' },
  signature: { ka: 'მიმღების ხელმოწერა', en: "Recipient's signature" },
  noSignature: { ka: 'ხელმოწერა არ არის', en: 'No signature' },
  photos: { ka: 'ფოტოები', en: 'Photos' },
  sender: { ka: 'გამგზავნი', en: 'Sender' },
  page: { ka: 'გვერდი', en: 'Page' },
  none: { ka: 'პერიოდში ჩაბარებული ამანათი არ არის', en: 'No parcel was delivered in the range' },
} satisfies Record<string, Message>;
