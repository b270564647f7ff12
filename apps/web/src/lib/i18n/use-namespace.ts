import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '.';

/** Loads a namespace of long texts; true once its strings are there in the current language. */
export function useNamespace(namespace: string): boolean {
  const { i18n } = useTranslation();
  const has = () => i18n.hasResourceBundle(i18n.language, namespace);
  const [loaded, setLoaded] = useState(has);
  useEffect(() => {
    let live = true;
    void loadNamespace(namespace).then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [namespace, i18n.language]);
  return loaded || has();
}
