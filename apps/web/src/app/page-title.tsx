import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '@/app/screen-title';

/** Keeps the document title: the screen's title and the product name, PostOffice. */
export function PageTitle() {
  const { t } = useTranslation('layout');
  const title = useScreenTitle();
  const product = t('product');
  useEffect(() => {
    document.title = title && title !== product ? `${title} · ${product}` : product;
  }, [title, product]);
  return null;
}
