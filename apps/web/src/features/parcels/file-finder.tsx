import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  FileInput,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cleanBarcode } from '@po/contract/barcode';
import { BILL_MAX_BYTES, BILL_TYPES } from '@po/contract/files';
import { base64DataUrl, isPdf } from '@/components/print/data-url';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useParcelFiles, useUploadBill } from './api/files';

/** Why a file may not be uploaded as a bill (a translation key), or null when it may. */
export function billFileProblem(file: { size: number; type: string }): 'bill.tooBig' | 'bill.badType' | null {
  if (!(BILL_TYPES as readonly string[]).includes(file.type)) return 'bill.badType';
  if (file.size > BILL_MAX_BYTES) return 'bill.tooBig';
  return null;
}

/** A file's content as base64 (without the data: prefix). */
function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error ?? new Error('read'));
    r.readAsDataURL(file);
  });
}

function FileView({ b64, alt, testId }: { b64: string; alt: string; testId: string }) {
  const url = base64DataUrl(b64);
  if (!url) return null;
  if (isPdf(b64))
    return (
      <object
        data={url}
        type="application/pdf"
        width="100%"
        height={520}
        aria-label={alt}
        data-testid={testId}
      />
    );
  return <Image src={url} alt={alt} fit="contain" mah={520} data-testid={testId} />;
}

/**
 * /bill, the file finder (spec 001 §2.9): a barcode (required) shows the parcel's signature image and
 * its scanned bill. An administrator can upload a scanned bill (JPEG, PNG or PDF up to 3 MB, checked
 * here and again on the server).
 */
export function BillFilesScreen() {
  const { t } = useTranslation('finder');
  const [barcode, setBarcode] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const files = useParcelFiles(asked);
  const upload = useUploadBill();

  const find = (e: FormEvent) => {
    e.preventDefault();
    const code = cleanBarcode(barcode);
    if (!code) return notifyError(t('bill.required'));
    setAsked(code);
    if (code === asked) void files.refetch();
  };

  const send = async () => {
    if (!asked || !file) return;
    const problem = billFileProblem(file);
    if (problem) return notifyError(t(problem));
    try {
      await upload.mutateAsync({ barcode: asked, fileName: file.name, data: await readBase64(file) });
      notifySuccess(t('bill.uploaded'));
      setFile(null);
    } catch (err) {
      notifyError(err);
    }
  };

  const error = files.error;
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
  const data = files.data;
  return (
    <Stack gap="md">
      <Title order={2}>{t('bill.title')}</Title>
      <Paper withBorder p="sm">
        <form onSubmit={find}>
          <Group align="flex-end">
            <TextInput
              label={t('bill.barcode')}
              withAsterisk
              value={barcode}
              onChange={(e) => setBarcode(e.currentTarget.value)}
              autoFocus
            />
            <Button type="submit" loading={files.isFetching}>
              {t('finder.find')}
            </Button>
          </Group>
        </form>
      </Paper>
      {asked && data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder p="sm" role="region" aria-label={t('bill.signature')}>
            <Text fw={600} mb="xs">
              {t('bill.signature')}
            </Text>
            {data.signature ? (
              <FileView b64={data.signature} alt={t('bill.signature')} testId="file-signature" />
            ) : (
              <Text c="dimmed">{t('bill.noSignature')}</Text>
            )}
          </Paper>
          <Paper withBorder p="sm" role="region" aria-label={t('bill.scan')}>
            <Text fw={600} mb="xs">
              {t('bill.scan')}
            </Text>
            {data.bill ? (
              <FileView b64={data.bill} alt={t('bill.scan')} testId="file-bill" />
            ) : (
              <Text c="dimmed">{t('bill.noBill')}</Text>
            )}
            <Group align="flex-end" mt="md">
              <FileInput
                label={t('bill.file')}
                accept={BILL_TYPES.join(',')}
                value={file}
                onChange={setFile}
                clearable
                w={320}
              />
              <Button disabled={!file} loading={upload.isPending} onClick={() => void send()}>
                {t('bill.send')}
              </Button>
            </Group>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}
