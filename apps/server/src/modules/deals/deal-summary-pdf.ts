import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DealSummary } from './deal-summary-page.js';

// A deal's summary as a PDF (`GET /deals/{id}/summary.pdf`), drawn with pdf-lib: the same words
// as the HTML page (deal-summary-page.ts), on A4, in the standard Helvetica, whose encoding
// (WinAnsi) writes English and Portuguese whole, € included. A character outside it (a name in
// another script) is drawn as "?" rather than failing the download; the HTML page shows it.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const LABEL_WIDTH = 130;
const SIZE = 11;
const LEADING = 15;
const RED = rgb(0.54, 0.11, 0.11);
const GREY = rgb(0.27, 0.27, 0.27);

/** The characters Helvetica's WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text Helvetica can draw: narrow and other spaces as spaces, anything else unknown as "?". */
function drawable(text: string): string {
  return [...text.replaceAll(/[\u202f\u2007\u2009]/g, '\u00a0').replaceAll(/[\t\r]/g, ' ')]
    .map((char) => {
      const code = char.codePointAt(0)!;
      const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
      return latin1 || char === '\n' || WIN_ANSI_EXTRA.has(char) ? char : '?';
    })
    .join('');
}

/** The lines `text` takes at `width`: its own line breaks kept, words wrapped, long words cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const paragraph of drawable(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (fits(next)) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the column (a long reference, a URL) is cut where it must be.
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** The summary as a PDF's bytes: one A4 page, or more for a long "included". */
export async function dealSummaryPdf(summary: DealSummary): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${drawable(summary.title)} · Maya Market`);
  pdf.setSubject(drawable(`${summary.notInvoice} · ${summary.otherNotInvoice}`));
  pdf.setLanguage(summary.locale);
  pdf.setProducer('Maya Market');
  pdf.setCreator('Maya Market');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;

  const pages: PDFPage[] = [];
  let page = pdf.addPage(A4);
  pages.push(page);
  let y = A4[1] - MARGIN;
  /** Room for `height` more points, on a new page when this one is full. */
  const room = (height: number) => {
    if (y - height >= MARGIN + LEADING) return;
    page = pdf.addPage(A4);
    pages.push(page);
    y = A4[1] - MARGIN;
  };
  const write = (
    text: string,
    { x = MARGIN, size = SIZE, font = regular, color = rgb(0.1, 0.1, 0.1), column = width } = {},
  ) => {
    for (const line of wrap(text, font, size, column)) {
      room(size + 4);
      page.drawText(line, { x, y: y - size, size, font, color });
      y -= size + 4;
    }
  };

  write(summary.title, { size: 20, font: bold });
  y -= 8;
  // The label, boxed as on the page: "Not an invoice · Não é uma fatura".
  const label = drawable(`${summary.notInvoice} · ${summary.otherNotInvoice}`).toUpperCase();
  const labelWidth = Math.min(width, bold.widthOfTextAtSize(label, SIZE) + 16);
  room(26);
  page.drawRectangle({
    x: MARGIN,
    y: y - 22,
    width: labelWidth,
    height: 22,
    borderColor: RED,
    borderWidth: 1.5,
  });
  page.drawText(label, { x: MARGIN + 8, y: y - 15, size: SIZE, font: bold, color: RED });
  y -= 40;

  const rows: [string, string][] = [...summary.rows, [summary.priceLabel, summary.price]];
  for (const [term, value] of rows) {
    const isPrice = term === summary.priceLabel;
    const valueLines = wrap(
      value,
      isPrice ? bold : regular,
      isPrice ? 14 : SIZE,
      width - LABEL_WIDTH,
    );
    room(LEADING);
    const top = y;
    page.drawText(drawable(term), {
      x: MARGIN,
      y: top - SIZE,
      size: SIZE,
      font: bold,
      color: GREY,
    });
    for (const line of valueLines) {
      room(LEADING);
      const size = isPrice ? 14 : SIZE;
      page.drawText(line, {
        x: MARGIN + LABEL_WIDTH,
        y: y - size,
        size,
        font: isPrice ? bold : regular,
        color: rgb(0.1, 0.1, 0.1),
      });
      y -= size + 4;
    }
    if (isPrice)
      write(summary.vatIncluded, {
        x: MARGIN + LABEL_WIDTH,
        column: width - LABEL_WIDTH,
        color: GREY,
      });
    y -= 8;
  }
  y -= 8;
  write(summary.why, { size: 10, color: GREY });
  y -= 6;
  write(summary.otherWhy, { size: 10, color: GREY });

  if (pages.length > 1) {
    pages.forEach((each, index) =>
      each.drawText(drawable(summary.page(index + 1, pages.length)), {
        x: MARGIN,
        y: MARGIN / 2,
        size: 9,
        font: regular,
        color: GREY,
      }),
    );
  }
  return pdf.save();
}
