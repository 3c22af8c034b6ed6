package chrome

// AuditJS checks the open page for the structural rules of WCAG 2.1 AA
// that markup and computed styles show (lang, one h1, heading order,
// landmarks, named controls, errors tied to their fields, tables, times,
// contrast), and returns each problem found: Eval[[]string](tab, AuditJS).
const AuditJS = `(() => {
const p = [], norm = s => (s || '').replace(/\s+/g, ' ').trim();
const vis = el => { const s = getComputedStyle(el), r = el.getBoundingClientRect(); return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
const what = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.name ? '[name=' + el.name + ']' : '') + ' "' + norm(el.textContent).slice(0, 50) + '"';
if (!/^[a-z]{2}/.test(document.documentElement.lang)) p.push('the html element has no lang');
const title = norm(document.title), h1s = [...document.querySelectorAll('h1')];
if (h1s.length !== 1) p.push(h1s.length + ' h1 elements, want 1');
if (title.length < 4) p.push('no meaningful title: "' + title + '"');
if (h1s.length === 1) {
  const h = norm(h1s[0].textContent).toLowerCase(), first = title.split(' · ')[0].toLowerCase(), tl = title.toLowerCase();
  if (!tl.includes(h) && !h.includes(first) && !tl.includes(h.replace(/^\w+: /, ''))) p.push('the title "' + title + '" does not name the page of h1 "' + h + '"');
}
let last = 0;
for (const h of document.querySelectorAll('h1,h2,h3,h4,h5,h6')) {
  const l = +h.tagName[1];
  if (!norm(h.textContent)) p.push('empty ' + h.tagName);
  if (l > last + 1) p.push(h.tagName.toLowerCase() + ' "' + norm(h.textContent).slice(0, 50) + '" follows ' + (last ? 'h' + last : 'no heading'));
  last = l;
}
if (document.querySelectorAll('main').length !== 1) p.push('not exactly one main landmark');
if (document.querySelector('nav')) {
  const first = document.querySelector('a[href], button, input:not([type=hidden]), select, textarea, summary');
  const target = first && first.getAttribute('href') && first.getAttribute('href').startsWith('#') ? document.getElementById(first.getAttribute('href').slice(1)) : null;
  if (!target || target.tagName !== 'MAIN') p.push('the first focusable element is not a skip link to main');
  if (!document.querySelector('header')) p.push('no header landmark');
  const navs = document.querySelectorAll('nav');
  if (navs.length > 1) for (const n of navs) if (!n.getAttribute('aria-label') && !n.getAttribute('aria-labelledby')) p.push('a nav without a name among several');
}
const ids = {};
for (const el of document.querySelectorAll('[id]')) { if (ids[el.id]) p.push('duplicate id ' + el.id); ids[el.id] = 1; }
for (const el of document.querySelectorAll('[aria-describedby],[aria-labelledby]')) for (const a of ['aria-describedby', 'aria-labelledby'])
  for (const id of (el.getAttribute(a) || '').split(/\s+/).filter(Boolean)) if (!document.getElementById(id)) p.push(what(el) + ' has ' + a + ' ' + id + ', which is not on the page');
const nameOf = el => norm([...(el.labels || [])].map(l => l.textContent).join(' ')) || norm(el.getAttribute('aria-label')) ||
  norm((el.getAttribute('aria-labelledby') || '').split(/\s+/).map(id => (document.getElementById(id) || {}).textContent).join(' '));
for (const el of document.querySelectorAll('input:not([type=hidden]), select, textarea')) {
  const name = nameOf(el);
  if (!name) { p.push('no label for ' + what(el)); continue; }
  const fields = el.form ? el.form.querySelectorAll('input:not([type=hidden]):not([type=checkbox]), select, textarea').length : 1;
  if (el.required && fields > 1 && !/required/i.test(name)) p.push('required ' + what(el) + ' is not marked required in its label "' + name + '"');
  if (el.getAttribute('aria-invalid') === 'true') {
    const d = (el.getAttribute('aria-describedby') || '').split(/\s+/).map(id => document.getElementById(id)).filter(Boolean);
    if (!d.some(e => e.classList.contains('error'))) p.push('invalid ' + what(el) + ' is not described by its error');
  }
}
for (const el of document.querySelectorAll('form .error, .error[role=alert]')) {
  if (!vis(el)) continue;
  const tied = el.id && document.querySelector('[aria-describedby~="' + el.id + '"]');
  if (!tied && !el.closest('[role=alert]')) p.push('the error ' + what(el) + ' is neither tied to a field nor announced');
}
for (const el of document.querySelectorAll('button')) {
  if (!el.getAttribute('type')) p.push(what(el) + ' has no type');
  if (!norm(el.textContent) && !el.getAttribute('aria-label')) p.push('a button without a name');
}
for (const el of document.querySelectorAll('a')) {
  const h = el.getAttribute('href');
  if (h === null || h === '#' || h.startsWith('javascript:')) p.push('link ' + what(el) + ' is not a link to a page');
  if (!norm(el.textContent) && !el.getAttribute('aria-label')) p.push('a link without a name');
}
const words = s => norm(s).toLowerCase().replace(/[…:.,!?]/g, '').replace(/\s+/g, ' ').trim();
for (const el of document.querySelectorAll('a[aria-label], button[aria-label], summary[aria-label]')) {
  const shown = words(el.textContent), name = words(el.getAttribute('aria-label'));
  if (shown && !name.includes(shown)) p.push(what(el) + ': its name "' + name + '" lacks its visible words (WCAG 2.5.3)');
}
for (const el of document.querySelectorAll('[tabindex]')) if (+el.getAttribute('tabindex') > 0) p.push(what(el) + ' has a positive tabindex');
for (const el of document.querySelectorAll('[onclick], [role=button], div[tabindex="0"], span[tabindex="0"]')) p.push(what(el) + ' acts as a button without being one');
for (const t of document.querySelectorAll('table')) {
  if (t.closest('.preview')) continue;
  if (!t.caption || !norm(t.caption.textContent)) p.push('a table without a caption, after "' + norm((t.closest('.scroll') || t).previousElementSibling ? (t.closest('.scroll') || t).previousElementSibling.textContent : '').slice(0, 40) + '"');
  if (!t.querySelector('th')) p.push('a table without header cells');
  for (const th of t.querySelectorAll('th')) if (!th.getAttribute('scope')) p.push('th "' + norm(th.textContent) + '" without scope');
}
for (const img of document.querySelectorAll('img')) if (!img.hasAttribute('alt')) p.push('an image without alt');
for (const tm of document.querySelectorAll('time')) if (!tm.getAttribute('datetime')) p.push('a time element without datetime');
const text = document.body.innerText;
for (const re of [/\d{4}-\d\d-\d\d[T ]\d\d:\d\d/, /\d\d:\d\d:\d\d\.\d{3,}/, /\d\d:\d\dZ\b/]) { const m = text.match(re); if (m) p.push('a time shown raw: ' + m[0]); }
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n; (n = walker.nextNode());) {
  const m = n.textContent.match(/\d{1,2} [A-Z][a-z]{2} \d{4}( \d\d:\d\d)?/), el = n.parentElement;
  // Notes and alerts pass the API's own sentences on as text.
  if (m && !el.closest('time, .note, .alert') && !(el.closest('.when') && el.closest('.when').querySelector('time'))) p.push('the moment "' + m[0] + '" is not in a time element: ' + what(el));
}
const rgb = c => (c.match(/[\d.]+/g) || []).map(Number);
const lum = c => { const v = c.slice(0, 3).map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); }); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
const bgOf = el => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c; } return [255, 255, 255]; };
const seen = new Set();
for (const el of document.body.querySelectorAll('*')) {
  if (!vis(el) || ![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
  const r = el.getBoundingClientRect();
  if (r.right < 0 || r.bottom < 0) continue;
  const s = getComputedStyle(el), fg = rgb(s.color), bg = bgOf(el);
  const l1 = lum(fg), l2 = lum(bg), ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
  const size = parseFloat(s.fontSize), large = size >= 24 || (size >= 18.66 && +s.fontWeight >= 700);
  const key = s.color + '/' + bg.join(',');
  if (ratio < (large ? 3 : 4.5) && !seen.has(key)) { seen.add(key); p.push('contrast ' + ratio.toFixed(2) + ' of ' + s.color + ' on rgb(' + bg.join(',') + '): ' + what(el)); }
}
return p;
})()`
