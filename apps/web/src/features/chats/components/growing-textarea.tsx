import {
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * A textarea as high as its CSS min-height until what is typed needs more, then as high as the
 * text, up to its CSS max-height. Only typed text sets its height, never the placeholder: it is
 * drawn the same height on the server and in the browser however the placeholder wraps at the
 * screen's width, so nothing moves as the page comes alive. (MUI's autosize measures the
 * placeholder in the browser, and its server render has no `rows`, so the box changed height on
 * hydration.) Given to MUI's InputBase as its `inputComponent`.
 */
export const GrowingTextarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function GrowingTextarea({ value, rows, ...props }, ref) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => textarea.current as HTMLTextAreaElement);

  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    // Back to its first height (its CSS min-height), then as high as the text: scrollHeight is
    // the text's own height.
    element.style.height = '';
    if (element.value) element.style.height = `${element.scrollHeight}px`;
  }, [value]);

  // InputBase passes `rows` even when it has none: undefined would draw the browser's two rows.
  return <textarea {...props} rows={rows ?? 1} value={value} ref={textarea} />;
});
