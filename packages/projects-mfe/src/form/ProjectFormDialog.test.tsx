import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { Project } from '@growth-admin/shared-client';
import { deferred, fail, installFakeApi, ok, requestsTo, type FakeHandler, type FakeReply, type FakeRequest } from '@growth-admin/shared-client/testing';
import { makeProject } from '../test-utils/projects';
import { ProjectFormDialog } from './ProjectFormDialog';
import { renderSection } from '@growth-admin/ui-kit/testing';

jest.setTimeout(60_000);

const PROJECT = makeProject({ iapCountryLimits: { US: 50 }, blockedRegions: ['NA'] });

function renderDialog(mode: 'add' | 'configure', project?: Project) {
  const onClose = jest.fn();
  const user = userEvent.setup({ delay: null });
  const view = renderSection(({ toast }) => (
    <ProjectFormDialog mode={mode} project={project} toast={toast} onClose={onClose} />
  ));
  return { ...view, onClose, user };
}

/**
 * Replaces a field's text in one change event. user-event is kept for what depends on the
 * keyboard (Enter, typing a code); a full key sequence per field is too slow on antd's trees.
 */
async function fill(_user: unknown, label: string, text: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
}

const click = (text: string) => fireEvent.click(screen.getByText(text));

const pressed = (name: string) => screen.getByText(name).closest('button')?.getAttribute('aria-pressed');

const PUT_P1 = 'PUT /api/admin/projects/p1';
const DELETE_P1 = 'DELETE /api/admin/projects/p1';
const POST_PROJECTS = 'POST /api/admin/projects';

/** Every request the fake saw, in order. */
let requests: FakeRequest[];
/** Installs the fake with these routes (any other route answers 404). */
const serve = (routes: Record<string, FakeHandler>) => {
  requests = installFakeApi(routes);
};
// Tests that expect no request at all still get a fake that records what is sent.
beforeEach(() => serve({}));

describe('Configure Project', () => {
  it('starts from the project and sends spec 7 PUT body with the changes', async () => {
    serve({ [PUT_P1]: ({ body }) => ok({ _id: 'p1', ...(body as object) }) });
    const { user, toast, onClose } = renderDialog('configure', PROJECT);
    expect(screen.getByText('Configure Project')).toBeInTheDocument();
    expect(screen.getByLabelText('Project Name')).toHaveValue('Alpha App');
    expect(screen.getByLabelText('Build Number')).toHaveValue('202611010001');
    expect(pressed('Online')).toBe('true');
    expect(pressed('Testing Mode')).toBe('false');
    expect(screen.getByLabelText('Country code 1')).toHaveValue('US');
    // Product ID List starts collapsed when configuring.
    expect(screen.queryByLabelText('10001')).not.toBeInTheDocument();

    click('Online');
    click('Push Notifications');
    click('Europe');
    click('Add Country');
    await fill(user, 'Country code 2', 'br');
    await fill(user, 'USD limit per 24 hours for BR', '0');
    await fill(user, 'Team', 'Core');
    click('Save Changes');

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestsTo(requests, PUT_P1)).toHaveLength(1);
    expect(requestsTo(requests, PUT_P1)[0].body).toEqual({
      projectName: 'Alpha App',
      projectId: 'com.example.alpha',
      team: 'Core',
      appId: 1001,
      buildNumber: 202611010001,
      checkNumber: 202611010002,
      testing: false,
      online: false,
      enablePush: true,
      enableRate: false,
      blockedRegions: ['NA', 'EU'],
      productIdList: { '10001': 'coins_100', '10002': '', '10003': '', '10004': '', '10005': '', '10006': '' },
      iapCountryLimits: { US: 50, BR: 0 },
    });
    expect(toast.success).toHaveBeenCalledWith('Project updated successfully', 3);
  });

  it('keeps the dialog and the input when the server refuses, naming the field', async () => {
    serve({ [PUT_P1]: () => fail(400, 'appId must be a positive integer', 'VALIDATION') });
    const { user, toast, onClose } = renderDialog('configure', PROJECT);
    await fill(user, 'App ID', '0');
    await fill(user, 'Project Name', 'Renamed');
    click('Save Changes');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update project: appId must be a positive integer'),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Project Name')).toHaveValue('Renamed');
    expect(screen.getByLabelText('App ID')).toHaveValue('0');
    expect(screen.getByText('appId must be a positive integer')).toBeInTheDocument();
    expect(screen.getByText('Save Changes').closest('button')).toBeEnabled();
  });

  it('sends one request however often Save is pressed while saving', async () => {
    const reply = deferred<FakeReply>();
    serve({ [PUT_P1]: () => reply.promise });
    const { user, onClose, queryClient } = renderDialog('configure', PROJECT);
    await user.click(screen.getByText('Save Changes'));
    const saving = await screen.findByText('Saving...');
    expect(saving.closest('button')).toBeDisabled();
    expect(screen.getByLabelText('Project Name')).toBeDisabled();
    await waitFor(() => expect(requestsTo(requests, PUT_P1)).toHaveLength(1));
    fireEvent.click(saving);
    fireEvent.submit(document.querySelector('form[aria-label="Configure Project"]')!); // as Enter would
    // A save starts its mutation within the submit handler: none more was started by the two above.
    expect(queryClient.getMutationCache().getAll()).toHaveLength(1);
    reply.resolve(ok(PROJECT));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requestsTo(requests, PUT_P1)).toHaveLength(1);
  });

  it('deletes only after confirmation', async () => {
    serve({ [DELETE_P1]: () => ok({ deleted: true }) });
    const { toast, onClose } = renderDialog('configure', PROJECT);
    click('Delete');
    expect(await screen.findByText('Delete this project?')).toBeInTheDocument();
    expect(requestsTo(requests, DELETE_P1)).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestsTo(requests, DELETE_P1)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Project deleted successfully', 3);
  });

  it('reports a failed delete and stays open', async () => {
    serve({ [DELETE_P1]: () => fail(404, 'Project not found', 'NOT_FOUND') });
    const { toast, onClose } = renderDialog('configure', PROJECT);
    click('Delete');
    expect(await screen.findByText('Delete this project?')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to delete project: Project not found'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Project Name')).toHaveValue('Alpha App');
  });
});

describe('Add New Project', () => {
  const today = `${dayjs().format('YYYYMMDD')}0000`;

  it("starts from spec 3's defaults with the Product ID List open", () => {
    renderDialog('add');
    expect(screen.getByText('Add New Project')).toBeInTheDocument();
    expect(screen.getByLabelText('Project Name')).toHaveValue('');
    expect(screen.getByLabelText('App ID')).toHaveAttribute('placeholder', 'Enter numeric App ID');
    expect(screen.getByLabelText('Build Number')).toHaveValue(today);
    expect(screen.getByLabelText('Check Number')).toHaveValue(today);
    for (const flag of ['Online', 'Testing Mode', 'Push Notifications', 'Rate App']) expect(pressed(flag)).toBe('false');
    expect(screen.getByLabelText('10001')).toHaveValue('');
    expect(screen.getByLabelText('10006')).toBeInTheDocument();
    expect(screen.getByText(/A limit of 0 disables in-app purchases/)).toBeInTheDocument();
    expect(screen.getByText(/not listed has no limit/)).toBeInTheDocument();
  });

  it('shows every required-field message at its field and sends nothing', async () => {
    const { user } = renderDialog('add');
    await fill(user, 'Build Number', '');
    await user.click(screen.getByText('Create Project'));
    for (const message of [
      'Project Name is required',
      'Project ID is required',
      'Team is required',
      'App ID is required',
      'Build Number is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Check Number is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Project Name')).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('refuses a non-digit App ID and explains the number fallback', async () => {
    const { user } = renderDialog('add');
    await fill(user, 'App ID', '12a');
    await fill(user, 'Check Number', 'x1');
    await user.click(screen.getByText('Create Project'));
    expect(screen.getByText('App ID must contain digits only')).toBeInTheDocument();
    expect(screen.getByText('Not a whole number: it will be saved as 0')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('creates with Enter and sends the POST body', async () => {
    serve({ [POST_PROJECTS]: ({ body }) => ok({ _id: 'new', ...(body as object) }) });
    const { user, toast, onClose } = renderDialog('add');
    await fill(user, 'Project Name', 'New App');
    await fill(user, 'Project ID', 'new.app');
    await fill(user, 'Team', 'Growth');
    await fill(user, 'App ID', '777');
    await fill(user, '10002', 'likes_50');
    click('Rate App');
    await user.type(screen.getByLabelText('App ID'), '{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestsTo(requests, POST_PROJECTS)).toHaveLength(1);
    expect(requestsTo(requests, POST_PROJECTS)[0].body).toEqual({
      projectName: 'New App',
      projectId: 'new.app',
      team: 'Growth',
      appId: 777,
      buildNumber: Number(today),
      checkNumber: Number(today),
      testing: false,
      online: false,
      enablePush: false,
      enableRate: true,
      blockedRegions: [],
      productIdList: { '10001': '', '10002': 'likes_50', '10003': '', '10004': '', '10005': '', '10006': '' },
      iapCountryLimits: {},
    });
    expect(toast.success).toHaveBeenCalledWith('Project created successfully', 3);
  });

  it('keeps everything typed after a 409 and points at Project ID', async () => {
    serve({ [POST_PROJECTS]: () => fail(409, 'A project with projectId "dup" already exists', 'DUPLICATE') });
    const { user, toast, onClose } = renderDialog('add');
    await fill(user, 'Project Name', 'Dup');
    await fill(user, 'Project ID', 'dup');
    await fill(user, 'Team', 'T');
    await fill(user, 'App ID', '1');
    click('Create Project');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create project: A project with projectId "dup" already exists'),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Project ID')).toHaveValue('dup');
    expect(screen.getByLabelText('Project Name')).toHaveValue('Dup');
    expect(screen.getByText('A project with projectId "dup" already exists')).toBeInTheDocument();
    // Editing the field clears the server's complaint.
    await fill(user, 'Project ID', 'dup2');
    expect(screen.queryByText('A project with projectId "dup" already exists')).not.toBeInTheDocument();
  });
});

describe('closing', () => {
  const escape = () => fireEvent.keyDown(screen.getByRole('dialog', { name: 'Configure Project' }), { key: 'Escape', code: 'Escape', keyCode: 27 });

  it('Escape on a form with changes asks before discarding them; Keep editing keeps them', async () => {
    const { user, onClose } = renderDialog('configure', PROJECT);
    await fill(user, 'Project Name', 'Typed, not saved');
    escape();
    expect(await screen.findByText('Discard your changes?')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect(screen.getByLabelText('Project Name')).toHaveValue('Typed, not saved');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Discard closes the dialog', async () => {
    const { user, onClose } = renderDialog('configure', PROJECT);
    await fill(user, 'Project Name', 'Typed, not saved');
    escape();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape on an unchanged form, and Cancel on a changed one, close at once', async () => {
    const first = renderDialog('configure', PROJECT);
    escape();
    expect(first.onClose).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = renderDialog('configure', PROJECT);
    await fill(second.user, 'Project Name', 'Typed, not saved');
    click('Cancel');
    expect(second.onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard your changes?')).toBeNull();
  });
});

describe('IAP Country Revenue Limits editor', () => {
  it('upper-cases codes, keeps 2 characters, and drops a row whose code is emptied', async () => {
    const { user } = renderDialog('add');
    expect(screen.getByText(/unlimited in every country/)).toBeInTheDocument();
    await user.click(screen.getByText('Add Country'));
    const code = screen.getByLabelText('Country code 1');
    expect(code).toHaveFocus();
    await user.type(code, 'gbr');
    expect(code).toHaveValue('GB');
    await user.clear(code);
    expect(screen.queryByLabelText('Country code 1')).not.toBeInTheDocument();
  });

  it('refuses duplicate codes and negative amounts, and notes an empty amount means no limit', async () => {
    const { user } = renderDialog('configure', PROJECT);
    click('Add Country');
    await user.type(screen.getByLabelText('Country code 2'), 'us');
    expect(await screen.findByText('US is already listed')).toBeInTheDocument();
    fireEvent.change(document.getElementById(rowAmountId(1))!, { target: { value: '-1' } });
    expect(screen.getByText('Amount must be 0 or more')).toBeInTheDocument();
    fireEvent.change(document.getElementById(rowAmountId(0))!, { target: { value: '' } });
    expect(screen.getByText('No amount: this country will have no limit')).toBeInTheDocument();
    click('Save Changes');
    expect(requests).toHaveLength(0);
  });
});

/** The id of the n-th IAP amount input (rows share a label while their codes are equal). */
function rowAmountId(n: number): string {
  return screen.getAllByTestId('iap-row')[n].querySelector('input[type="number"]')!.id;
}
