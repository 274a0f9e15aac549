import i18n from '@/i18n';

/** A write succeeded when Ret is above 0 (spec 000 §7, 001 §8); otherwise 'error in operation'. */
export function retOrThrow(ret: number): number {
  if (ret > 0) return ret;
  throw new Error(i18n.t('common:errors.operation'));
}
