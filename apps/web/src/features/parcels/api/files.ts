import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Deliver,
  type GetBillJpgToBase64 as BillDef,
  type GetSignatureToBase64 as SignatureDef,
  type PostUploadBill as UploadDef,
} from '@po/contract/files';
import { callApi, callRef } from '@/api/client';

const GetSignatureToBase64 = callRef<typeof SignatureDef>('GET', 'GetSignatureToBase64', true);
const GetBillJpgToBase64 = callRef<typeof BillDef>('GET', 'GetBillJpgToBase64', true);
const PostUploadBill = callRef<typeof UploadDef>('POST', 'PostUploadBill', true);

/** GetSignatureToBase64 (deliver 0 delivered, 1 otherwise); null deliver: no call (in progress). */
export function useSignature(barcode: string | null, deliver: 0 | 1 | null) {
  return useQuery({
    queryKey: ['parcels', 'signature', barcode, deliver],
    enabled: !!barcode && deliver !== null,
    queryFn: ({ signal }) =>
      callApi(GetSignatureToBase64, { barcode: barcode!, deliver: deliver! }, { signal }),
    staleTime: 60_000,
  });
}

/** GetBillJpgToBase64 as a fetch (for printing). */
export const fetchBill = (barcode: string) => callApi(GetBillJpgToBase64, { barcode });
/** GetSignatureToBase64 as a fetch (for printing). */
export const fetchSignature = (barcode: string, deliver: 0 | 1) =>
  callApi(GetSignatureToBase64, { barcode, deliver });

/** The file finder (spec 001 §2.9): the signature (deliver -3) and the scanned bill of a barcode. */
export function useParcelFiles(barcode: string | null) {
  return useQuery({
    queryKey: ['parcels', 'files', barcode],
    enabled: !!barcode,
    queryFn: async ({ signal }) => {
      const [signature, bill] = await Promise.all([
        callApi(GetSignatureToBase64, { barcode: barcode!, deliver: Deliver.FileFinder }, { signal }),
        callApi(GetBillJpgToBase64, { barcode: barcode! }, { signal }),
      ]);
      return { signature, bill };
    },
  });
}

/** PostUploadBill: a scanned bill as base64 for the parcel with that barcode (administrators). */
export function useUploadBill() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { barcode: string; fileName: string; data: string }) =>
      callApi(PostUploadBill, { Barcode: v.barcode, FileName: v.fileName, Data: v.data }),
    onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: ['parcels', 'files', v.barcode] }),
  });
}
