import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The translated title of a screen (its key under `layout:routes`), or the product name without one. */
export function useTitle(screen: string | null | undefined): string {
  const { t } = useTranslation('layout');
  return screen ? t(`routes.${screen}`) : t('product');
}

/** Keeps the document title: the screen's title and the product name, PostOffice. */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation('layout');
  const product = t('product');
  useEffect(() => {
    document.title = title && title !== product ? `${title} · ${product}` : product;
  }, [title, product]);
  return null;
}
