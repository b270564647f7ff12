/**
 * Maya, in the browser: a visitor opens the landing widget and gets real sellers as cards; a
 * signed-in client asks on the AI ASSISTANT screen, follows up, and finds the conversation
 * still there after a reload. Both views pass axe at three widths.
 */
import { expect, journey } from '../helpers/index.js';
import { checkEveryWidth } from './support.js';

journey(
  'assistant: a visitor asks the landing widget and gets seller cards',
  async ({ newPage }) => {
    const session = await newPage();
    const { page } = session;
    await session.goto('/');
    await page.getByRole('button', { name: 'Ask Maya how it can help!' }).click();
    const widget = page.getByRole('dialog', { name: 'Maya Assistant' });
    await widget.waitFor();
    await widget
      .getByText("Hi! I'm Maya, your AI Assistant. How can I help you today?")
      .waitFor({ timeout: 10_000 });
    await widget
      .getByRole('textbox', { name: 'Message to Maya' })
      .fill('I need a kitchen renovation in Lisbon');
    await page.keyboard.press('Enter');
    const links = widget.getByRole('link', { name: /^View Profile/ });
    await links.first().waitFor({ timeout: 20_000 });
    const href = await links.first().getAttribute('href');
    expect(/^\/sellers\/[0-9a-f-]{36}$/.test(href ?? ''), `unexpected profile link ${href}`);
    const problems = await checkEveryWidth(session, 'assistant-widget');

    await links.first().click();
    await page.waitForURL(/\/sellers\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    session.expectNoIssues();
    expect(problems.length === 0, problems.join('\n'));
  },
);

journey(
  'assistant: a client asks, follows up, and the conversation survives a reload',
  async ({ newPage }) => {
    const session = await newPage();
    const { page } = session;
    await session.goto('/buyerauth');
    await page.getByLabel(/^Email/).fill('ana.silva@demo.mayamarket.example');
    await page.getByLabel(/^Password/).fill('maya-demo-market');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await session.goto('/assistant');
    await page.getByRole('heading', { level: 1, name: 'AI ASSISTANT' }).waitFor();
    await page.getByText('Ready to answer').waitFor();

    const box = page.getByRole('textbox', { name: 'Message to Maya' });
    await box.fill('A hair salon in Porto');
    await page.keyboard.press('Enter');
    await page.getByText(/I found \d+ hair salons? in Porto/).waitFor({ timeout: 20_000 });
    // The demo has no hair salon in Lisbon: Maya says so and offers alternatives.
    await box.fill('in Lisbon instead');
    await page.keyboard.press('Enter');
    await page
      .getByText(/I couldn't find a hair salon in Lisbon\. Here are some alternatives/)
      .waitFor({ timeout: 20_000 });

    await page.reload();
    await page.getByText(/I couldn't find a hair salon in Lisbon/).waitFor({ timeout: 10_000 });
    await session.settle();
    const problems = await checkEveryWidth(session, 'assistant-page');
    session.expectNoIssues();
    expect(problems.length === 0, problems.join('\n'));
  },
);
