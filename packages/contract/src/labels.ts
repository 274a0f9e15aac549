/**
 * The input fields' labels: a validation message names the field by the words its screen uses
 * (`ველი „შტრიხკოდი“ ძალიან გრძელია`, not `ველი „Barcode“ …`).
 *
 * `fieldLabels` holds every field name that means one thing wherever a call takes it; `defineCall`
 * gives it to every call, under the call's own `labels` (a name that means something else in that
 * call: `Name`, `Fild1`, `StartDate` …). A call added later gets these for free; a field with no
 * label anywhere fails the contract test that walks every call's input.
 * The words are those of the web catalogues (apps/web/src/i18n/locales/{ka,en}/*.json).
 */
import type { FieldLabel } from './call.ts';

export const label = (ka: string, en: string): FieldLabel => ({ ka, en });
const L = label;

export const fieldLabels: Readonly<Record<string, FieldLabel>> = {
  /* the session (every authenticated call; UserCh names them in its body) */
  Id: L('მომხმარებლის ID', 'User ID'),
  Ticket: L('სესიის ბილეთი', 'Session ticket'),

  /* parcels: barcodes and records */
  Barcode: L('შტრიხკოდი', 'Barcode'),
  BarCode: L('შტრიხკოდი', 'Barcode'),
  barcode: L('შტრიხკოდი', 'Barcode'),
  barcodes: L('შტრიხკოდები', 'Barcodes'),
  BarCodes: L('შტრიხკოდები', 'Barcodes'),
  gui: L('ამანათი', 'Parcel'),
  guis: L('ამანათები', 'Parcels'),
  ParcelGUID: L('ამანათი', 'Parcel'),
  Status: L('სტატუსი', 'Status'),
  stat: L('სტატუსი', 'Status'),
  Comment: L('კომენტარი', 'Comment'),
  Description: L('აღწერა', 'Description'),

  /* the parcel finders (live, unconfirmed, archive, old archive) */
  StartRegDate: L('რეგისტრაცია: დან', 'Registered from'),
  EndRegDate: L('რეგისტრაცია: მდე', 'Registered to'),
  SenderName: L('გამგზავნი', 'Sender'),
  ReceiverName: L('მიმღები', 'Receiver'),
  SenderRegion: L('გამგზავნის ქალაქი', 'Sender city'),
  ReceiverRegion: L('მიმღების ქალაქი', 'Receiver city'),
  Fild1: L('ველი 1', 'Field 1'),
  Fild2: L('ველი 2', 'Field 2'),
  RegistredUserLogin: L('დამრეგისტრირებელი ოპერატორი', 'Registered by'),
  RegistredUserGUID: L('დამრეგისტრირებელი ოპერატორი', 'Registered by'),
  RegistredUserOfficeGUID: L('დამრეგისტრირებლის ოფისი', "Registering operator's office"),

  /* the server-side grid (gridQueryShape) */
  Skip: L('გვერდი', 'Page'),
  Take: L('გვერდზე', 'Per page'),
  Sort: L('დალაგება', 'Sorting'),
  Filter: L('ფილტრი', 'Filter'),

  /* registration and pricing (the /registration form) */
  Doubling: L('გაორმაგებული', 'Doubled'),
  Urgent: L('სასწრაფო', 'Urgent'),
  Pid: L('გადამხდელის პირადი ნომერი / საიდ. კოდი', "Payer's personal / company code"),
  SenderPid: L('გამგზავნის პირადი ნომერი / საიდ. კოდი', "Sender's personal / company code"),
  ReceiverPid: L('მიმღების პირადი ნომერი / საიდ. კოდი', "Receiver's personal / company code"),
  SenderZone: L('გამგზავნის ზონა', "Sender's zone"),
  ReceiveZone: L('მიმღების ზონა', "Receiver's zone"),
  ReceiverZone: L('მიმღების ზონა', "Receiver's zone"),
  SenderPostCode: L('გამგზავნის ინდექსი', "Sender's postal index"),
  ReceiverPostCode: L('მიმღების ინდექსი', "Receiver's postal index"),
  SenderAddres: L('გამგზავნის მისამართი', "Sender's address"),
  ReceiverAddres: L('მიმღების მისამართი', "Receiver's address"),
  SenderCityID: L('გამგზავნის ქალაქი / რაიონი', "Sender's city / district"),
  SenderVillageID: L('გამგზავნის სოფელი', "Sender's village"),
  ReceiverCityID: L('მიმღების ქალაქი / რაიონი', "Receiver's city / district"),
  ReceiverVillageID: L('მიმღების სოფელი', "Receiver's village"),
  TermsOfPaymentID: L('გადამხდელი', 'Payer'),
  PayType: L('გადახდის ტიპი', 'Payment type'),
  Weight: L('წონა (კგ)', 'Weight (kg)'),
  Width: L('სიგანე (სმ)', 'Width (cm)'),
  Height: L('სიმაღლე (სმ)', 'Height (cm)'),
  Length: L('სიგრძე (სმ)', 'Length (cm)'),
  NumberOfPackages: L('შეფუთვების რაოდენობა', 'Packages'),
  ParcelType: L('ამანათის ტიპი', 'Parcel type'),
  OriginDepotGUID: L('გამგზავნი ოფისი', 'Sending office'),
  DestinationDepotGUID: L('მიმღები ოფისი', 'Receiving office'),
  BarCodeGeneration: L('შტრიხკოდის გენერაცია', 'Generate barcode'),
  BarcodePrefix: L('პრეფიქსი', 'Prefix'),

  /* tariffs */
  TariffID: L('ტარიფი', 'Tariff'),
  CompanyPid: L('კომპანიის საიდენტიფიკაციო კოდი', "Company's identification code"),
  BasePrice: L('საბაზისო ფასი', 'Base price'),
  IncludedWeight: L('ფასში შემავალი წონა (კგ)', 'Weight included (kg)'),
  PricePerKg: L('ფასი კილოგრამზე', 'Price per kg'),
  VolumetricDivisor: L('მოცულობითი წონის გამყოფი', 'Volumetric divisor'),
  UrgentMultiplier: L('სასწრაფოს კოეფიციენტი', 'Urgent multiplier'),
  DoubledMultiplier: L('გაორმაგების კოეფიციენტი', 'Doubled multiplier'),
  DeliveryDays: L('ჩაბარების ვადა (დღე)', 'Delivery days'),
  UrgentDays: L('სასწრაფოს ვადა (დღე)', 'Urgent delivery days'),

  /* people, offices, devices */
  Login: L('მომხმარებელი', 'User name'),
  Password: L('პაროლი', 'Password'),
  Old: L('ძველი პაროლი', 'Old password'),
  New: L('ახალი პაროლი', 'New password'),
  pass: L('ახალი პაროლი', 'New password'),
  User: L('მომხმარებელი', 'User'),
  UserId: L('მომხმარებელი', 'User'),
  UserID: L('თანამშრომელი', 'Employee'),
  Office: L('ოფისი', 'Office'),
  OfficeGUID: L('ოფისი', 'Office'),
  CourierGUID: L('კურიერი', 'Courier'),
  UserGUID: L('კურიერი', 'Courier'),
  Enabled: L('აქტიური', 'Enabled'),
  IsActive: L('აქტიური', 'Active'),
  CityID: L('მდებარეობა', 'Location'),
  mode: L('რეჟიმი', 'Mode'),
  Tin: L('პირადი ნომერი / საიდ. კოდი', 'Personal / company code'),
  Q: L('ძებნა', 'Search'),

  /* transport: bags, drivers, waybills */
  DriverId: L('მძღოლი (პირადი ნომერი)', 'Driver (personal number)'),
  Driver: L('მძღოლი (პირადი ნომერი)', 'Driver (personal number)'),
  CarNumber: L('მანქანის ნომერი', 'Car number'),
  Carnumber: L('მანქანის ნომერი', 'Car number'),
  Receiver: L('მიმღები ოფისი', 'Receiving office'),
  Bag: L('ტომარა', 'Bag'),
  bagguid: L('ტომარა', 'Bag'),
  Label: L('ტომრის მიღება (ეტიკეტი)', 'Receive a bag (label)'),
  SealNumber: L('ლუქის ნომერი', 'Seal number'),
  DeclaredWeight: L('დეკლარირებული წონა (კგ)', 'Declared weight (kg)'),
  Registry: L('რეესტრი', 'Registry'),
  IsRepied: L('განმეორებითი მოთხოვნა', 'Repeated request'),

  /* registries */
  RgNumber: L('რეესტრის ნომერი', 'Registry number'),
  RgName: L('რეესტრის ნომერი', 'Registry number'),
  RegName: L('რეესტრი', 'Registry'),
  Qrode: L('QR კოდი', 'QR code'),

  /* regions and statuses (reference screens) */
  Rid: L('ID', 'ID'),
  PostCode: L('ინდექსი', 'Index'),
  Zone: L('ზონა', 'Zone'),

  /* dates of the reports and journals */
  StartDate: L('საწყისი თარიღი', 'Start date'),
  EndDate: L('საბოლოო თარიღი', 'End date'),
  Startdate: L('საწყისი თარიღი', 'Start date'),
  Enddate: L('საბოლოო თარიღი', 'End date'),
  endDate: L('საბოლოო თარიღი', 'End date'),
  ControlDate: L('თარიღი', 'Date'),
  Dt: L('თარიღი', 'Date'),
  Note: L('შენიშვნა', 'Note'),

  /* files: signatures and scanned bills */
  deliver: L('ხელმოწერის სახე', 'Signature kind'),
  FileName: L('ფაილი', 'File'),
  Data: L('ფაილი (სურათი ან PDF, არაუმეტეს 3 მბ)', 'File (image or PDF, at most 3 MB)'),

  /* the courier's phone (MobSendJob and the journals) */
  JobId: L('ოპერაცია', 'Operation'),
  ImageB64: L('ხელმოწერა', 'Signature'),
  Mobile: L('ტელეფონი', 'Phone'),
  Ji: L('ამანათები', 'Parcels'),
  Gui: L('ჩანაწერი', 'Line'),
  Stack: L('QR პაკეტი', 'QR package'),
  Number: L('რაოდენობა', 'Number'),
  Source: L('წყარო', 'Source'),
  lat: L('განედი', 'Latitude'),
  lng: L('გრძედი', 'Longitude'),
  Type: L('ჟურნალის ტიპი', 'Journal type'),
};
