import { useLocation } from 'react-router';
import { useEffect } from 'react';
import { Contact } from './contact';
import { Faq } from './faq';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { TrustedSellers } from './trusted-sellers';

export function LandingPage({ onAsk }: { onAsk?: () => void }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <Hero
        onAsk={
          onAsk ?? (() => document.getElementById('faq')?.scrollIntoView({ behavior: 'smooth' }))
        }
      />
      <TrustedSellers />
      <FeatureCards />
      <Faq />
      <Contact />
    </>
  );
}
