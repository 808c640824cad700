import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CodeMapping, MappingValue } from '../../../common/api/config';
import { jsonBody, type Route, renderSignedIn } from '../../test-utils';
import ConfigurationTab from '.';

const mappings: CodeMapping[] = [
  { proc_code: 'D0150', label: 'Consult', value: null },
  { proc_code: 'D6119', label: 'Temp Upper', value: 14995 },
];

const values: MappingValue[] = [
  { id: 1, procedure_status: 'Consult', no_of_arches: 0, win_loss: 'N/A', case_value: 0 },
  { id: 2, procedure_status: 'Presented Max', no_of_arches: 1, win_loss: 'Lost', case_value: 14995 },
  {
    id: 3,
    procedure_status: 'Consult, Accepted Max, Accepted Mand',
    no_of_arches: 2,
    win_loss: 'Won',
    case_value: 29990,
  },
  { id: 4, procedure_status: 'PF Max', no_of_arches: 1, win_loss: 'PF', case_value: 14995 },
];

function routes(more: Route = () => undefined): Route {
  return (url, init) => {
    if (url === '/api/config/code-mappings' && (init.method ?? 'GET') === 'GET')
      return { body: { success: true, code_mappings: mappings } };
    if (url === '/api/config/mapping-values') return { body: { success: true, mapping_values: values } };
    // The Goals card, with none set (web/features/configuration/goals-card.test.tsx).
    if (url.startsWith('/api/config/goals?'))
      return { body: { success: true, year: new Date().getFullYear(), goals: [] } };
    // The Marketing spend card, with none entered and no source to offer (marketing-spend-card.test.tsx).
    if (url.startsWith('/api/config/marketing-spend?'))
      return { body: { success: true, year: new Date().getFullYear(), spend: [] } };
    if (url.startsWith('/api/dashboard/marketing?'))
      return {
        body: {
          success: true,
          year: new Date().getFullYear(),
          through: null,
          spend_included: true,
          sources: [],
          totals: {
            spend: 0,
            leads: 0,
            consults: 0,
            won: 0,
            arches: 0,
            arch_value: 0,
            cost_per_lead: null,
            cost_per_consult: null,
            cost_per_arch: null,
            value_per_dollar: null,
            median_days_to_consult: null,
          },
        },
      };
    return more(url, init);
  };
}

const codeTable = async () => (await screen.findByText('D6119')).closest('table')!;

afterEach(() => vi.unstubAllGlobals());

// Long user journeys; a busy machine can take several seconds over one.
configure({ asyncUtilTimeout: 4000 });
describe('Configuration', { timeout: 20_000 }, () => {
  it('lists code mappings and mapping values, with the note', async () => {
    renderSignedIn(<ConfigurationTab />, 'manager', routes());
    const table = await codeTable();
    for (const name of ['Procedure Code', 'Label', 'Value', 'Actions'])
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    expect(within(table).getByText('D6119').closest('tr')).toHaveTextContent('$14,995');
    expect(within(table).getByText('D0150').closest('tr')).toHaveTextContent('Consult-');

    expect(await screen.findByText('4 mappings')).toBeInTheDocument();
    const won = screen.getByText('Consult, Accepted Max, Accepted Mand').closest('tr')!;
    expect(won).toHaveTextContent('Won');
    expect(won).toHaveTextContent('$29,990');
    expect(screen.getByText(/Changes take effect at once/)).toHaveTextContent(
      'as Won, Lost, PF (Pending Finance) or N/A',
    );
  });

  it('says in the note that a new mapping brings its patients at the next sync when Open Dental is connected', async () => {
    const connected: Route = (url) =>
      url === '/api/sync/opendental/status'
        ? { body: { success: true, configured: true, schedule: 'off', running: false, last_sync: null } }
        : undefined;
    renderSignedIn(<ConfigurationTab />, 'manager', routes(connected));
    expect(
      await screen.findByText(
        /Open Dental is connected: a code mapping added now brings in its patients at the next sync/,
      ),
    ).toBeVisible();
  });

  it('filters mapping values by the text of any column', async () => {
    renderSignedIn(<ConfigurationTab />, 'manager', routes());
    const filter = await screen.findByRole('textbox', { name: 'Filter' });
    await userEvent.type(filter, 'pf');
    expect(await screen.findByText('Showing 1 of 4 mappings')).toBeInTheDocument();
    expect(
      within(screen.getByText('Procedure Status').closest('table')!).getByText('PF Max'),
    ).toBeInTheDocument();
    await userEvent.clear(filter);
    await userEvent.type(filter, '$14,995');
    expect(await screen.findByText('Showing 2 of 4 mappings')).toBeInTheDocument();
    await userEvent.clear(filter);
    await userEvent.type(filter, 'nothing like this');
    expect(await screen.findByText('No mapping matches the filter.')).toBeInTheDocument();
  });

  it('draws a long list a hundred rows at a time', async () => {
    const many: MappingValue[] = Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      procedure_status: `Status ${i + 1}`,
      no_of_arches: 0,
      win_loss: 'N/A',
      case_value: 0,
    }));
    renderSignedIn(<ConfigurationTab />, 'manager', (url) => {
      if (url === '/api/config/mapping-values') return { body: { success: true, mapping_values: many } };
      if (url === '/api/config/code-mappings') return { body: { success: true, code_mappings: mappings } };
      return undefined;
    });
    expect(await screen.findByText('250 mappings')).toBeInTheDocument();
    expect(screen.getByText('Status 100')).toBeInTheDocument();
    expect(screen.queryByText('Status 101')).not.toBeInTheDocument();
    expect(screen.getByText('150 more: scroll down to see them, or narrow the filter.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter' }), 'Status 24');
    expect(await screen.findByText('Showing 11 of 250 mappings')).toBeInTheDocument();
    expect(screen.getByText('Status 249')).toBeInTheDocument();
  });

  it('edits a mapping in its row and saves it', async () => {
    const fetchMock = renderSignedIn(
      <ConfigurationTab />,
      'admin',
      routes((url, init) =>
        url === '/api/config/code-mappings/D6119' && init.method === 'PUT'
          ? {
              body: {
                success: true,
                message: 'Code mapping updated successfully',
                code_mapping: { proc_code: 'D6119', label: 'Temp Upper', value: 15500 },
              },
            }
          : undefined,
      ),
    ).fetchMock;
    await codeTable();
    await userEvent.click(screen.getByRole('button', { name: 'Edit D6119' }));
    const value = screen.getByRole('textbox', { name: 'Value for D6119' });
    expect(value).toHaveValue('14995');
    expect(screen.getByRole('combobox', { name: 'Label for D6119' })).toHaveValue('Temp Upper');
    await userEvent.clear(value);
    await userEvent.type(value, '$15,500');
    await userEvent.click(screen.getByRole('button', { name: 'Save D6119' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Code mapping updated successfully');
    // Shown on the line right under the row saved, not at the top of the card.
    const table = await codeTable();
    const confirmation = within(table).getByText('Code mapping updated successfully').closest('tr')!;
    expect(confirmation.previousElementSibling).toHaveTextContent('D6119');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/config/code-mappings/D6119')!;
    expect(jsonBody(init!)).toEqual({ proc_code: 'D6119', label: 'Temp Upper', value: 15500 });
    expect(screen.queryByRole('textbox', { name: 'Value for D6119' })).not.toBeInTheDocument();
  });

  it('cancels an edit, and reports a refused update', async () => {
    renderSignedIn(
      <ConfigurationTab />,
      'manager',
      routes((_url, init) =>
        init.method === 'PUT'
          ? {
              status: 409,
              body: {
                success: false,
                error: 'A mapping for code D6119 already exists',
                code: 'mapping_exists',
                field: 'proc_code',
              },
            }
          : undefined,
      ),
    );
    await codeTable();
    await userEvent.click(screen.getByRole('button', { name: 'Edit D0150' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel editing D0150' }));
    expect(screen.queryByRole('textbox', { name: 'Procedure code for D0150' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit D0150' }));
    const code = screen.getByRole('textbox', { name: 'Procedure code for D0150' });
    await userEvent.clear(code);
    await userEvent.type(code, 'D6119{Enter}');
    // A duplicate code is the code box's problem: said under it, and the box marked invalid.
    expect(await screen.findByRole('alert')).toHaveTextContent('A mapping for code D6119 already exists');
    expect(code).toHaveAccessibleDescription('A mapping for code D6119 already exists');
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    // Typing in the box takes its message away.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save D0150' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Procedure code and label are required');
    expect(code).toHaveAccessibleDescription('Procedure code and label are required');
    // Focus goes to the box the message is about.
    expect(code).toHaveFocus();
  });

  it('shows a failure that is about no box on the line under the row', async () => {
    renderSignedIn(
      <ConfigurationTab />,
      'manager',
      routes((_url, init) =>
        init.method === 'PUT'
          ? { status: 404, body: { success: false, error: 'No mapping for code D0150' } }
          : undefined,
      ),
    );
    await codeTable();
    await userEvent.click(screen.getByRole('button', { name: 'Edit D0150' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save D0150' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update code mapping');
    expect(alert).toHaveTextContent('No mapping for code D0150');
    expect(alert.closest('tr')!.previousElementSibling).toContainElement(
      screen.getByRole('textbox', { name: 'Procedure code for D0150' }),
    );
  });

  it('offers the known labels when adding, checks the fields, and adds', async () => {
    const fetchMock = renderSignedIn(
      <ConfigurationTab />,
      'manager',
      routes((url, init) =>
        url === '/api/config/code-mappings' && init.method === 'POST'
          ? {
              status: 201,
              body: {
                success: true,
                message: 'Code mapping added successfully',
                code_mapping: { proc_code: 'D6190', label: 'Scan', value: null },
              },
            }
          : undefined,
      ),
    ).fetchMock;
    await codeTable();
    await userEvent.click(screen.getByRole('button', { name: 'Add code mapping' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Procedure code and label are required');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByPlaceholderText('New code...'), 'D6190');
    const label = screen.getByPlaceholderText('Label...');
    await userEvent.type(label, 'sc');
    await userEvent.click(await screen.findByRole('option', { name: 'Scan' }));
    expect(label).toHaveValue('Scan');
    await userEvent.type(screen.getByPlaceholderText('Value...'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Add code mapping' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Value must be a number of 0 or more, or blank',
    );

    await userEvent.clear(screen.getByPlaceholderText('Value...'));
    await userEvent.click(screen.getByRole('button', { name: 'Add code mapping' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Code mapping added successfully');
    const added = within(await codeTable())
      .getByText('Code mapping added successfully')
      .closest('tr')!;
    expect(added.previousElementSibling).toContainElement(screen.getByPlaceholderText('New code...'));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(jsonBody(init!)).toEqual({ proc_code: 'D6190', label: 'Scan', value: null });
    await waitFor(() => expect(screen.getByPlaceholderText('New code...')).toHaveValue(''));
  });

  it("shows 'Failed to add code mapping' when the server says nothing", async () => {
    renderSignedIn(
      <ConfigurationTab />,
      'manager',
      routes((_url, init) => (init.method === 'POST' ? { status: 500, body: null } : undefined)),
    );
    await codeTable();
    await userEvent.type(screen.getByPlaceholderText('New code...'), 'X1');
    await userEvent.type(screen.getByPlaceholderText('Label...'), 'Crown');
    await userEvent.click(screen.getByRole('button', { name: 'Add code mapping' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to add code mapping$/);
  });

  it('asks before deleting a mapping', async () => {
    const fetchMock = renderSignedIn(
      <ConfigurationTab />,
      'manager',
      routes((url, init) =>
        init.method === 'DELETE' && url === '/api/config/code-mappings/D0150'
          ? { body: { success: true, message: 'Code mapping deleted successfully' } }
          : undefined,
      ),
    ).fetchMock;
    await codeTable();
    await userEvent.click(screen.getByRole('button', { name: 'Delete D0150' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Code Mapping' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the mapping for D0150?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete D0150' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Code Mapping' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Code mapping deleted successfully');
    // Where the deleted row was, above the row that followed it (the list here is not refetched).
    const deleted = within(await codeTable())
      .getByText('Code mapping deleted successfully')
      .closest('tr')!;
    expect(deleted.nextElementSibling).toHaveTextContent('D0150');
  });

  it('is read-only for a provider', async () => {
    renderSignedIn(<ConfigurationTab />, 'provider', routes());
    const table = await codeTable();
    expect(screen.getByText('Only managers and admins can change code mappings.')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete|Add/ })).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('New code...')).not.toBeInTheDocument();
    expect(await screen.findByText('4 mappings')).toBeInTheDocument();
  });
});
