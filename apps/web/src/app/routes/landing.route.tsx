import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { LandingPage } from '../../features/public/components/landing-page';

// The widget (and the AI SDK) loads only when a visitor asks for it.
const AssistantWidget = lazy(() =>
  import('../../features/assistant/components/assistant-widget').then((module) => ({
    default: module.AssistantWidget,
  })),
);

export default function LandingRoute() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <LandingPage onAsk={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <AssistantWidget onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
