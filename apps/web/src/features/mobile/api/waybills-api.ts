import { Toast } from '@po/contract/constants';
import { WaybillAnswer } from '@po/contract/waybills';
import { ActivateWaybillforSender, CloseWaybill } from '@po/contract/generated/call-refs/waybills';
import { ApiError, callApi } from '@/api/client';
import i18n from '@/i18n';
import { getSession } from '@/lib/session';
import { vibrateError } from '../lib/feedback';
import { toastError, toastProgress } from '../lib/toast';
import { SINGLE_REGISTRY, type WaybillFlow, type WaybillLine, type WaybillResult } from '../lib/waybill-run';

/** The car and driver a start sends (the courier's own, from the session: spec 003 §3 "Current user"). */
export interface Vehicle {
  CarNumber: string;
  DriverId: string;
}

/**
 * One line of a waybill run through the server (spec 003 §7 helpers `ActivateWaybillforSender` and
 * `CloseWaybill`): shows the progress toast (500 ms), then answers the waybill id, -1 when refused
 * (the server's reason is in the error journal; a server-reported error is also shown, with the
 * parcel), -2 when the server or the revenue service could not be reached ('server connection problem'
 * when it is our server), false when the session ended.
 */
export async function sendWaybillLine(
  flow: WaybillFlow,
  line: WaybillLine,
  position: number,
  total: number,
  vehicle: Vehicle,
): Promise<WaybillResult> {
  const t = i18n.getFixedT(null, 'mobile');
  toastProgress(t('run.progress', { code: line.Barcode, n: position, m: total }), Toast.waybillProgress);
  const common = {
    IsRepied: line.IsRepied,
    UserId: getSession()?.Id ?? '',
    Registry: line.Registry === SINGLE_REGISTRY ? '' : line.Registry,
    BarCode: line.Barcode,
  };
  try {
    const id =
      flow === 'startwaybill'
        ? await callApi(ActivateWaybillforSender, { ...common, ...vehicle })
        : await callApi(CloseWaybill, common);
    if (id <= 0 && id !== WaybillAnswer.NoConnection) {
      vibrateError();
      toastError(t('run.refused', { code: line.Barcode }));
    }
    return id;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === 401) return false;
    vibrateError();
    if (err.code === 0) {
      toastError(t('run.serverProblem'));
      return WaybillAnswer.NoConnection;
    }
    toastError(t('run.lineError', { error: err.message, code: line.Barcode }));
    return WaybillAnswer.Refused;
  }
}
