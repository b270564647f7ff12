import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GrowingTextarea } from './growing-textarea';

const LONG_PLACEHOLDER = 'Ask Bright Reach Studio, a studio with a long name, a question…';

describe('GrowingTextarea', () => {
  it('is drawn on the server one row high whatever its placeholder, as InputBase passes it', () => {
    // InputBase hands its input component `rows: undefined` when the field has no rows.
    const html = renderToString(
      <GrowingTextarea rows={undefined} placeholder={LONG_PLACEHOLDER} value="" readOnly />,
    );
    expect(html).toContain('rows="1"');
    expect(html).not.toContain('height');
  });

  it('grows with what is typed, and goes back to its first height once emptied', () => {
    const { container, rerender } = render(<GrowingTextarea value="" readOnly />);
    const textarea = container.querySelector('textarea') as HTMLTextAreaElement;
    expect(textarea.style.height).toBe('');

    // jsdom lays nothing out: the text's height is what a browser would report for three lines.
    Object.defineProperty(textarea, 'scrollHeight', { configurable: true, value: 67 });
    rerender(<GrowingTextarea value={'one\ntwo\nthree'} readOnly />);
    expect(textarea.style.height).toBe('67px');

    rerender(<GrowingTextarea value="" readOnly />);
    expect(textarea.style.height).toBe('');
  });

  it('never takes its height from the placeholder', () => {
    // A browser reports a wrapped placeholder's two lines as the empty box's scrollHeight.
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      value: 45,
    });
    try {
      const { container } = render(
        <GrowingTextarea value="" placeholder={LONG_PLACEHOLDER} readOnly />,
      );
      expect(container.querySelector('textarea')?.style.height).toBe('');
    } finally {
      delete (HTMLTextAreaElement.prototype as { scrollHeight?: number }).scrollHeight;
    }
  });
});
