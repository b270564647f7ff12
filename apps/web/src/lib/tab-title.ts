// The tab's title is the page's title, led by the unread count while there is one:
// "(3) Chats · Maya Market". Pages set their part, the chat notifications set the count.
let page: string | undefined;
let count = 0;

function show() {
  page ??= document.title;
  document.title = count > 0 ? `(${count}) ${page}` : page;
}

/** The current page's title, without the count (components/document-title.tsx). */
export function setPageTitle(title: string): void {
  page = title;
  show();
}

/** How many unread messages the title leads with; 0 shows the page's title alone. */
export function setTitleCount(unread: number): void {
  count = unread;
  show();
}
