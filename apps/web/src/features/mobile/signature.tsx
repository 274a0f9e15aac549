import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconEraser } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { MobileLimits } from '@po/contract/mobile';
import { MOBILE_FLOWS, type MobileFlow } from '@/lib/mobile-work';
import { toastError } from './lib/toast';
import { saveSignature } from './lib/held';
import { vibrateError } from './lib/feedback';
import { useMobileScreen } from './lib/use-mobile-screen';

/**
 * /signature (spec 003 §2): a full-screen pad with a blue pen on white, undo (erase the last stroke),
 * clear and confirm.
 * Confirm stores the image (a PNG data: URL) for the handover (or the flow `?for=` names) and goes back; an empty pad is refused
 * (the stored value becomes empty). The screen asks to stay in portrait.
 */
export function SignatureScreen() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('for');
  // the flow whose job is signed (the handover when none is named)
  const flow = MOBILE_FLOWS.find((f) => f === asked) ?? ('pargive' satisfies MobileFlow);
  useMobileScreen();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const p = new SignaturePad(c, { penColor: 'rgb(0, 64, 224)', backgroundColor: 'rgb(255, 255, 255)' });
    pad.current = p;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = p.toData();
      c.width = c.offsetWidth * ratio;
      c.height = c.offsetHeight * ratio;
      c.getContext('2d')?.scale(ratio, ratio);
      p.clear();
      p.fromData(data);
    };
    fit();
    window.addEventListener('resize', fit);
    const orientation = screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
    orientation?.lock?.('portrait').catch(() => undefined);
    return () => {
      window.removeEventListener('resize', fit);
      p.off();
      screen.orientation?.unlock?.();
    };
  }, []);

  const undo = () => {
    const p = pad.current;
    if (!p) return;
    const data = p.toData();
    data.pop();
    p.fromData(data);
  };
  const confirm = () => {
    const p = pad.current;
    if (!p || p.isEmpty()) {
      saveSignature('', flow);
      vibrateError();
      toastError(t('signature.empty'));
      return;
    }
    const img = p.toDataURL('image/png');
    if (img.length < MobileLimits.signatureMin) return;
    saveSignature(img, flow);
    void navigate(-1);
  };

  return (
    <Box
      pos="fixed"
      inset={0}
      bg="white"
      style={{ zIndex: 300, display: 'flex', flexDirection: 'column' }}
      data-testid="signature-screen"
    >
      <Text ta="center" p="xs" fw={600}>
        {t('signature.title')}
      </Text>
      <canvas
        ref={canvas}
        style={{
          flex: 1,
          width: '100%',
          touchAction: 'none',
          borderTop: '1px solid #ddd',
          borderBottom: '1px solid #ddd',
        }}
        data-testid="signature-pad"
      />
      <Stack gap="xs" p="sm">
        {/* side by side when both fit, else one above the other: never cut */}
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={18} />}
            onClick={undo}
            px="sm"
            style={{ flex: '1 1 auto' }}
          >
            {t('signature.undo')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconEraser size={18} />}
            onClick={() => pad.current?.clear()}
            px="sm"
            style={{ flex: '1 1 auto' }}
          >
            {t('signature.clear')}
          </Button>
        </Group>
        <Button color="green" leftSection={<IconCheck size={18} />} onClick={confirm}>
          {t('signature.confirm')}
        </Button>
      </Stack>
    </Box>
  );
}
