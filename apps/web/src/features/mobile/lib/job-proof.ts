import { useTranslation } from 'react-i18next';
import { MobileLimits } from '@po/contract/mobile';
import type { MobileFlow } from '@/lib/mobile-work';
import { proofRules } from '../api/mobile-api';
import { useHeldPhotos, type HeldPhotos } from './held-photos';
import { needFor, proofProblem, useProofRules, type ProofNeed } from './proof-rules';

/** The flows whose jobs carry proof photos: the handover, the status change, the hand to courier. */
export const PHOTO_FLOWS: readonly MobileFlow[] = ['pargive', 'statuschange', 'delivercurrier'];

export interface JobProof extends HeldPhotos {
  /** the job takes photos */
  withPhotos: boolean;
  /** what the job's rule asks for */
  need: ProofNeed;
  /** why the job may not be sent for its proof, or null */
  problem: (signature: string) => string | null;
}

/** A courier job's proof: its held photos and the rules of its status (the operation or the reason). */
export function useJobProof(flow: MobileFlow, jobId: string, status: number): JobProof {
  const { t, i18n } = useTranslation('mobile');
  const rules = useProofRules(proofRules);
  const held = useHeldPhotos(flow, jobId);
  const withPhotos = PHOTO_FLOWS.includes(flow);
  const problem = (signature: string) =>
    proofProblem(
      rules,
      status,
      { signature: signature.length >= MobileLimits.signatureMin, photos: held.photos.length },
      {
        signature: t('proof.signatureRequired'),
        photo: t('proof.photoRequired'),
        english: i18n.language.startsWith('en'),
      },
    );
  return { ...held, withPhotos, need: needFor(rules, status), problem };
}
