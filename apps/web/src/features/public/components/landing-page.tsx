import { useLocation, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { Contact } from './contact';
import { Faq } from './faq';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { TrustedSellers } from './trusted-sellers';

export function LandingPage({ onAsk }: { onAsk?: () => void }) {
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // The spec's footer anchors: the policy and the terms are pages of their own.
    if (hash === '#privacy' || hash === '#terms') void navigate(`/${hash.slice(1)}${hash}`);
    else if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, navigate]);
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
