// A worker that uses Intl once, then ends (started by main.tsx). ICU, the data behind Intl, is
// set up once per browser process at its first use, which holds a phone's main thread for tens of
// milliseconds (about 180 ms at 4× CPU): the first price, date or plural the screen formats pays
// it. Used first here, on another core, it is ready by the time the screen hydrates; if the screen
// gets there first, it pays it as before.
const language = self.name || 'en';
new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(1);
new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
new Intl.PluralRules(language).select(1);
self.close();
