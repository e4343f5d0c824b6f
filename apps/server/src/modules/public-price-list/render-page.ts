import {
  PUBLIC_PRICE_LIST_LICENCE,
  PUBLIC_SEARCH_MAX,
  formatIsoDate,
  formatMoney,
  type PublicPriceList,
  type PublicService,
  ukrainianPlural,
} from '@medcalc/domain';

/** The search script's address (a file of its own: the app's CSP allows no inline script). */
export const SEARCH_SCRIPT_PATH = '/p/-/price-list.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text as HTML text or an attribute's value. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** What a service is found by: its code, name and category, lower case. */
const searchTextOf = (service: PublicService) =>
  `${service.code} ${service.name} ${service.category}`.toLowerCase();

/** Whether a service matches every word of `query`. */
export function matchesQuery(service: PublicService, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = searchTextOf(service);
  return words.every((word) => text.includes(word));
}

// The search hides rows and categories with the `hidden` attribute: on screen it wins over the phone's grid rows; on
// paper every service is printed, searched or not, in the table of the A4 page (the grid is the screen's).
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f1f1f;background:#fff}
.page{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:0 0 4px}
h2{font-size:1.15rem;margin:24px 0 8px;padding-bottom:4px;border-bottom:2px solid #1d4f91}
.subtitle{margin:0 0 12px;font-size:1.1rem;color:#1d4f91;font-weight:600}
address{font-style:normal;color:#333}
.search{display:flex;gap:8px;flex-wrap:wrap;margin:16px 0 4px}
.search label{width:100%;font-weight:600}
.search input{flex:1 1 200px;min-width:0;font:inherit;padding:10px 12px;border:1px solid #6b6b6b;border-radius:6px}
.search button{font:inherit;padding:10px 16px;border:0;border-radius:6px;background:#1d4f91;color:#fff}
.count{color:#444;margin:4px 0 0}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;vertical-align:top;padding:8px 6px;border-bottom:1px solid #ddd}
th{font-size:.85rem;color:#444}
.num{text-align:right;white-space:nowrap}
.price{font-weight:700}
.decision{display:block;color:#555;font-size:.85rem}
.soon{display:inline-block;margin-top:2px;padding:0 6px;border-radius:4px;background:#fff4d6;color:#6a4a00;font-size:.85rem}
footer{margin-top:32px;color:#444;font-size:.9rem}
a{color:#1d4f91}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media screen{[hidden]{display:none!important}}
@media screen and (max-width:640px){
 thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
 tr{display:grid;grid-template-columns:1fr auto;gap:2px 12px;padding:10px 0;border-bottom:1px solid #ddd}
 td{display:block;border:0;padding:0}
 td.code{grid-column:1/-1;color:#555;font-size:.85rem}
 td.name{grid-column:1}
 td.price{grid-column:2;grid-row:2}
 td.extra{grid-column:1/-1;text-align:left;color:#555;font-size:.85rem}
 td.extra::before{content:attr(data-label) ": "}
}
@media print{
 @page{size:A4;margin:14mm 12mm}
 body{font-size:10pt}
 .page{max-width:none;padding:0}
 .search,.count,.no-print{display:none!important}
 section[hidden]{display:block}
 tr[hidden]{display:table-row}
 h2{break-after:avoid}
 tr{break-inside:avoid}
 a{color:inherit;text-decoration:none}
}
`;

const EMBED_STYLE = `
body{font-size:14px}
.page{padding:8px}
h1{font-size:1.1rem}
h2{font-size:1rem;margin-top:12px}
th,td{padding:4px}
`;

function serviceRow(service: PublicService, today: string, shown: boolean): string {
  const soon =
    service.effective_from > today
      ? ` <span class="soon">діє з ${escapeHtml(formatIsoDate(service.effective_from))}</span>`
      : '';
  const decision = `${service.decision_body}, рішення від ${formatIsoDate(service.decision_date)} № ${service.decision_number}; чинний з ${formatIsoDate(service.effective_from)}`;
  return `<tr data-search="${escapeHtml(searchTextOf(service))}"${shown ? '' : ' hidden'}>
<td class="code">${escapeHtml(service.code)}</td>
<td class="name">${escapeHtml(service.name)}${soon}<span class="decision">${escapeHtml(decision)}</span></td>
<td class="num extra" data-label="Без ПДВ, грн">${formatMoney(service.price_without_vat)}</td>
<td class="num extra" data-label="ПДВ, грн">${formatMoney(service.vat)}</td>
<td class="num price">${formatMoney(service.price)}&nbsp;грн</td>
</tr>`;
}

function groupsOf(services: readonly PublicService[]): Array<[string, PublicService[]]> {
  const groups = new Map<string, PublicService[]>();
  for (const service of services) {
    const group = groups.get(service.category) ?? [];
    group.push(service);
    groups.set(service.category, group);
  }
  return [...groups];
}

/** `N послуг` with the right Ukrainian form. */
export function servicesCount(count: number): string {
  return `${count} ${ukrainianPlural(count, ['послуга', 'послуги', 'послуг'])}`;
}

export interface PageOptions {
  slug: string;
  /** The page's absolute address (canonical link, QR code). */
  url: string;
  today: string;
  /** The search text of a request without JavaScript (`?q=`), already length-checked. */
  query: string;
  /** The compact version for an iframe. */
  embed: boolean;
}

/**
 * `/p/{slug}` and `/p/{slug}/embed`: the list as server-rendered HTML, readable without JavaScript; the script
 * filters as one types, and `?q=` filters here when it cannot run.
 */
export function renderPage(list: PublicPriceList, options: PageOptions): string {
  const { institution } = list;
  const { slug, url, today, query, embed } = options;
  const matches = (service: PublicService) => !query || matchesQuery(service, query);
  const shown = list.services.filter(matches);
  const title = `Прейскурант платних послуг — ${institution.name}`;
  const description = `Ціни на платні медичні послуги закладу «${institution.name}»: ${servicesCount(list.services.length)} за затвердженими тарифами, оновлено ${formatIsoDate(list.updated_at)}.`;
  const contacts = [
    institution.address && `Адреса: ${escapeHtml(institution.address)}`,
    institution.phones.length > 0 &&
      `Телефон: ${institution.phones
        .map(
          (phone) =>
            `<a href="tel:${escapeHtml(phone.replace(/[^+\d]/g, ''))}">${escapeHtml(phone)}</a>`,
        )
        .join(', ')}`,
    institution.edrpou && `Код ЄДРПОУ: ${escapeHtml(institution.edrpou)}`,
  ].filter(Boolean);
  // Every service is in the page; without JavaScript, `?q=` hides those that do not match (print shows all).
  const sections = groupsOf(list.services)
    .map(
      (
        [category, services],
        index,
      ) => `<section aria-labelledby="c${index}"${services.some(matches) ? '' : ' hidden'}>
<h2 id="c${index}">${escapeHtml(category)}</h2>
<table>
<thead><tr><th scope="col">Код</th><th scope="col">Послуга</th><th scope="col" class="num">Без ПДВ, грн</th><th scope="col" class="num">ПДВ, грн</th><th scope="col" class="num">Тариф</th></tr></thead>
<tbody>
${services.map((service) => serviceRow(service, today, matches(service))).join('\n')}
</tbody>
</table>
</section>`,
    )
    .join('\n');
  const empty =
    list.services.length === 0
      ? '<p>Заклад ще не опублікував жодного затвердженого тарифу.</p>'
      : '';
  const openData = `Відкриті дані: <a href="/p/${slug}.json">JSON</a>, <a href="/p/${slug}.csv">CSV</a> (ліцензія <a href="${PUBLIC_PRICE_LIST_LICENCE.url}" rel="license">${PUBLIC_PRICE_LIST_LICENCE.name}</a>).`;
  return `<!doctype html>
<html lang="uk">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(url)}">
<link rel="alternate" type="application/json" href="/p/${slug}.json">
<link rel="alternate" type="text/csv" href="/p/${slug}.csv">
<style>${STYLE}${embed ? EMBED_STYLE : ''}</style>
</head>
<body>
<div class="page">
<header>
<h1>${escapeHtml(institution.name)}</h1>
<p class="subtitle">Прейскурант платних послуг</p>
${embed ? '' : `<address>${contacts.map((line) => `<div>${line}</div>`).join('\n')}</address>`}
</header>
<main>
<form class="search" role="search" method="get" action="${embed ? `/p/${slug}/embed` : `/p/${slug}`}">
<label for="q">Пошук послуги</label>
<input id="q" name="q" type="search" maxlength="${PUBLIC_SEARCH_MAX}" value="${escapeHtml(query)}" autocomplete="off">
<button type="submit">Знайти</button>
</form>
<p class="count" id="count" aria-live="polite">${query ? `Знайдено: ${servicesCount(shown.length)}` : `Усього: ${servicesCount(list.services.length)}`}</p>
${empty}
${sections}
</main>
<footer>
<p>Тарифи затверджено засновником закладу; оновлено ${escapeHtml(formatIsoDate(list.updated_at))}.${embed ? ` <a href="/p/${slug}" target="_blank" rel="noopener">Повна версія</a>` : ''}</p>
${embed ? '' : `<p class="no-print">${openData}</p>`}
</footer>
</div>
<script src="${SEARCH_SCRIPT_PATH}" defer></script>
</body>
</html>
`;
}

/** The page's search as one types: every word must occur; categories with no match are hidden. */
export const SEARCH_SCRIPT = `(function () {
  var form = document.querySelector('form.search');
  var input = document.getElementById('q');
  var count = document.getElementById('count');
  if (!form || !input || !count) return;
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr[data-search]'));
  var total = rows.length;
  function forms(n) {
    var tens = n % 100, ones = n % 10;
    var word = tens >= 11 && tens <= 14 ? 'послуг' : ones === 1 ? 'послуга' : ones >= 2 && ones <= 4 ? 'послуги' : 'послуг';
    return n + ' ' + word;
  }
  function apply() {
    var text = input.value.slice(0, ${PUBLIC_SEARCH_MAX}).toLowerCase();
    var words = text.split(/\\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (row) {
      var hay = row.getAttribute('data-search') || '';
      var match = words.every(function (word) { return hay.indexOf(word) !== -1; });
      row.hidden = !match;
      if (match) shown += 1;
    });
    document.querySelectorAll('main section').forEach(function (section) {
      section.hidden = !section.querySelector('tr[data-search]:not([hidden])');
    });
    count.textContent = words.length ? 'Знайдено: ' + forms(shown) : 'Усього: ' + forms(total);
  }
  input.addEventListener('input', apply);
  form.addEventListener('submit', function (event) { event.preventDefault(); apply(); });
  if (input.value) apply();
})();
`;
