/**
 * What the bench scenarios send more than once: a parcel registration body (generated barcode, demo
 * sender and receiver, Tbilisi to Batumi) marked in field 1 with the scenario that made it.
 */
export function benchParcel(fild1: string) {
  return {
    BarCodeGeneration: true,
    TermsOfPaymentID: 8700,
    PayType: 1,
    Pid: '01001012345',
    SenderName: 'ნინო გელაშვილი',
    SenderAddres: 'წერეთლის გამზ 116',
    SenderPostCode: '0100',
    SenderCityID: 320,
    ReceiverName: 'დავით მაისურაძე',
    ReceiverAddres: 'ჭავჭავაძის ქ 51',
    ReceiverPostCode: '6000',
    ReceiverCityID: 321,
    Weight: 1.5,
    Length: 30,
    Width: 20,
    Height: 10,
    ParcelType: 8698,
    NumberOfPackages: 1,
    Fild1: fild1,
  };
}
