/**
 * The coordination timeline's filter (CoordTimeline.astro): reveals the filter form and hides
 * the rows that do not match the chosen agent (as sender or recipient) and event type. Without
 * JavaScript the form stays hidden and the full list shows. The choice lives in the URL hash
 * (`#coord-timeline?agent=x&type=SEND`) so a filtered view can be shared.
 */
function setup(form: HTMLFormElement): void {
  const table = document.getElementById(form.dataset['target'] ?? '');
  if (!table) return;
  const rows = Array.from(table.querySelectorAll<HTMLTableRowElement>('tbody tr[data-type]'));
  const agent = form.elements.namedItem('agent') as HTMLSelectElement | null;
  const type = form.elements.namedItem('type') as HTMLSelectElement | null;
  const status = form.querySelector<HTMLElement>('.coord-filter-status');
  if (!agent || !type) return;
  const pick = (select: HTMLSelectElement, value: string | null): void => {
    select.value = value !== null && Array.from(select.options).some((o) => o.value === value) ? value : '';
  };
  const fromHash = (): void => {
    const params = new URLSearchParams(location.hash.split('?')[1] ?? '');
    pick(agent, params.get('agent'));
    pick(type, params.get('type'));
  };
  fromHash();
  const apply = (): void => {
    let shown = 0;
    for (const row of rows) {
      const match = (agent.value === '' || (row.dataset['agents'] ?? '').includes(`|${agent.value}|`)) && (type.value === '' || row.dataset['type'] === type.value);
      row.hidden = !match;
      if (match) shown++;
    }
    if (status) status.textContent = shown === rows.length ? `all ${rows.length} events shown` : `${shown} of ${rows.length} events shown`;
  };
  form.addEventListener('change', () => {
    apply();
    const params = new URLSearchParams();
    if (agent.value !== '') params.set('agent', agent.value);
    if (type.value !== '') params.set('type', type.value);
    history.replaceState(null, '', params.size > 0 ? `#coord-timeline?${params}` : location.pathname + location.search);
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  window.addEventListener('hashchange', () => {
    if (!location.hash.startsWith('#coord-timeline?')) return;
    fromHash();
    apply();
  });
  form.hidden = false;
  apply();
}

for (const form of Array.from(document.querySelectorAll<HTMLFormElement>('form[data-coord-filter]'))) setup(form);
