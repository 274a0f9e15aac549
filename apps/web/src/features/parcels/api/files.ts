import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Deliver } from '@po/contract/files';
import {
  GetBillJpgToBase64,
  GetParcelHandover,
  GetSignatureToBase64,
  PostUploadBill,
} from '@po/contract/generated/call-refs/files';
import { GetParcelPhotos } from '@po/contract/generated/call-refs/proof/photos';
import { callApi } from '@/api/client';
import type { ParcelFiles } from '@/components/finder/finder-source';

/** The finder's parcel files: GetSignatureToBase64 (deliver 0 delivered, 1 not) and GetBillJpgToBase64. */
export const parcelFiles: ParcelFiles = {
  key: ['parcels'],
  signature: (barcode, deliver, signal) => callApi(GetSignatureToBase64, { barcode, deliver }, { signal }),
  bill: (barcode, signal) => callApi(GetBillJpgToBase64, { barcode }, { signal }),
  handover: (barcode, signal) => callApi(GetParcelHandover, { barcode }, { signal }),
  photos: (gui, signal) => callApi(GetParcelPhotos, { gui }, { signal }),
};

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
