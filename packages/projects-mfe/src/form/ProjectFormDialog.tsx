import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Col, Flex, Form, Input, Modal, Popconfirm, Row } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { toApiError, type Project, type ToastApi } from '@growth-admin/shared-client';
import { BlockedRegionsField } from './BlockedRegionsField';
import { FlagToggles } from './FlagToggles';
import { IapLimitsEditor } from './IapLimitsEditor';
import { ProductIdListField } from './ProductIdListField';
import {
  buildProjectPayload,
  FIELD_LABELS,
  fieldOfServerError,
  hasErrors,
  newProjectValues,
  numberFallbackHint,
  TEXT_FIELDS,
  validateProjectForm,
  valuesFromProject,
  type ProjectFormMode,
  type ProjectFormValues,
  type TextField,
} from './projectForm';
import { useProjectMutations } from './useProjectMutations';
import { validateIapRows, type IapRow, type IapRowErrors } from './iapLimits';
import type { FlagKey } from './options';
import type { BlockedRegion, ProductSlot } from '@growth-admin/shared-client';
import { DiscardChangesDialog } from '@growth-admin/ui-kit';

const SUCCESS_SECONDS = 3;

const COPY = {
  add: {
    title: 'Add New Project',
    submit: 'Create Project',
    pending: 'Creating...',
    success: 'Project created successfully',
    failure: 'Failed to create project',
  },
  configure: {
    title: 'Configure Project',
    submit: 'Save Changes',
    pending: 'Saving...',
    success: 'Project updated successfully',
    failure: 'Failed to update project',
  },
} as const;

interface Props {
  mode: ProjectFormMode;
  /** The project being configured (mode 'configure'). */
  project?: Project;
  toast: ToastApi;
  onClose(): void;
}

/** The Configure Project and Add New Project dialogs: one form, two modes. */
export function ProjectFormDialog({ mode, project, toast, onClose }: Props) {
  const copy = COPY[mode];
  const formId = useId();
  const [values, setValues] = useState<ProjectFormValues>(() =>
    mode === 'configure' && project ? valuesFromProject(project) : newProjectValues(),
  );
  const [touched, setTouched] = useState<Partial<Record<TextField, boolean>>>({});
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [serverError, setServerError] = useState<{ field: TextField; message: string } | null>(null);
  const { create, update, remove, busy } = useProjectMutations(project?._id);
  const saving = mode === 'add' ? create.isPending : update.isPending;

  // Set synchronously on submit: React state would let a second Enter in the same tick through.
  const inFlight = useRef(false);

  // Escape (or the close button) on a form with changes asks first: a stray key would otherwise lose
  // everything typed. Cancel is the explicit way out and closes at once.
  const initialValues = useRef(values);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const close = () => (values !== initialValues.current && !saving ? setAskingToDiscard(true) : onClose());

  const errors = useMemo(() => validateProjectForm(values), [values]);
  // Computed apart from `errors` so the memoised editor re-renders only when its rows change.
  const iapErrors = useMemo(() => {
    const rowErrors = validateIapRows(values.iapRows);
    return submitAttempted ? rowErrors : liveIapErrors(rowErrors);
  }, [values.iapRows, submitAttempted]);
  const fieldError = (field: TextField): string | undefined => {
    if (serverError?.field === field) return serverError.message;
    return submitAttempted || touched[field] ? errors.fields[field] : undefined;
  };

  const set = useCallback(<K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError((e) => (e?.field === key ? null : e));
  }, []);
  const toggleFlag = useCallback((flag: FlagKey) => setValues((v) => ({ ...v, [flag]: !v[flag] })), []);
  const setRegions = useCallback((regions: BlockedRegion[]) => set('blockedRegions', regions), [set]);
  const setIapRows = useCallback((rows: IapRow[]) => set('iapRows', rows), [set]);
  const setProducts = useCallback((list: Record<ProductSlot, string>) => set('productIdList', list), [set]);
  const { online, testing, enablePush, enableRate } = values;
  const flags = useMemo(() => ({ online, testing, enablePush, enableRate }), [online, testing, enablePush, enableRate]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || inFlight.current) return; // Enter or a click again while a request is in flight
    setSubmitAttempted(true);
    if (hasErrors(errors)) {
      // Take the keyboard to the first field that needs fixing.
      const first = TEXT_FIELDS.find((f) => errors.fields[f]);
      const firstIapKey = Object.keys(errors.iap)[0];
      const firstId = first
        ? `${formId}-${first}`
        : firstIapKey && `iap-${errors.iap[firstIapKey].code ? 'code' : 'amount'}-${firstIapKey}`;
      if (firstId) document.getElementById(firstId)?.focus();
      return;
    }
    const mutation = mode === 'add' ? create : update;
    inFlight.current = true;
    mutation.mutate(buildProjectPayload(values), {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: () => {
        toast.success(copy.success, SUCCESS_SECONDS);
        onClose();
      },
      onError: (err) => {
        // The dialog stays open with everything typed; the server's reason is toasted and,
        // when it names a field, shown at that field too.
        const error = toApiError(err);
        toast.error(`${copy.failure}: ${error.message}`);
        const field = fieldOfServerError(error);
        if (field) setServerError({ field, message: error.message });
      },
    });
  };

  // Enter in any text box submits. The submit button sits in the dialog footer, outside the
  // <form>, so implicit submission is not relied on; preventDefault stops a second, native one.
  const submitOnEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return; // buttons keep their own Enter
    event.preventDefault();
    submit();
  };

  const confirmDelete = async () => {
    if (busy) return;
    try {
      await remove.mutateAsync();
      toast.success('Project deleted successfully', SUCCESS_SECONDS);
      onClose();
    } catch (err) {
      toast.error(`Failed to delete project: ${toApiError(err).message}`);
    }
  };

  const textInput = (field: TextField, extra: { placeholder?: string; inputMode?: 'numeric' } = {}) => {
    const error = fieldError(field);
    const hint = field === 'buildNumber' || field === 'checkNumber' ? numberFallbackHint(values[field]) : undefined;
    const id = `${formId}-${field}`;
    return (
      <Form.Item
        label={FIELD_LABELS[field]}
        htmlFor={id}
        required
        validateStatus={error ? 'error' : hint ? 'warning' : undefined}
        help={error ?? hint}
      >
        <Input
          id={id}
          value={values[field]}
          aria-invalid={error ? true : undefined}
          onChange={(e) => set(field, e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, [field]: true }))}
          {...extra}
        />
      </Form.Item>
    );
  };

  const footer = (
    <Flex justify="space-between" align="center" gap={8}>
      <div>
        {mode === 'configure' && (
          <Popconfirm
            title="Delete this project?"
            description={`"${project?.projectName ?? ''}" will be removed permanently.`}
            okText="Delete"
            okButtonProps={{ danger: true, loading: remove.isPending }}
            cancelText="Cancel"
            onConfirm={confirmDelete}
            disabled={busy}
            // Inside the dialog, not at the end of the page: the dialog keeps the keyboard focus
            // within itself, so a confirmation outside it could not be reached with Tab.
            getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
          >
            <Button danger icon={<DeleteOutlined aria-hidden />} disabled={busy}>
              Delete
            </Button>
          </Popconfirm>
        )}
      </div>
      <Flex gap={8}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" form={formId} loading={saving} disabled={busy}>
          {saving ? copy.pending : copy.submit}
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Modal
      open
      title={copy.title}
      onCancel={close}
      mask={{ closable: false }}
      width={760}
      footer={footer}
    >
      <form id={formId} onSubmit={submit} onKeyDown={submitOnEnter} noValidate aria-label={copy.title}>
        <Form layout="vertical" component={false} disabled={busy}>
          <Flex vertical gap={16}>
            <FlagToggles values={flags} onToggle={toggleFlag} />
            <Row gutter={16}>
              <Col xs={24} md={12}>
                {textInput('projectName')}
              </Col>
              <Col xs={24} md={12}>
                {textInput('projectId')}
              </Col>
              <Col xs={24} md={12}>
                {textInput('team')}
              </Col>
              <Col xs={24} md={12}>
                {textInput('appId', { placeholder: 'Enter numeric App ID', inputMode: 'numeric' })}
              </Col>
              <Col xs={24} md={12}>
                {textInput('buildNumber', { inputMode: 'numeric' })}
              </Col>
              <Col xs={24} md={12}>
                {textInput('checkNumber', { inputMode: 'numeric' })}
              </Col>
            </Row>
            <BlockedRegionsField value={values.blockedRegions} onChange={setRegions} />
            <IapLimitsEditor rows={values.iapRows} errors={iapErrors} onChange={setIapRows} />
            <ProductIdListField value={values.productIdList} onChange={setProducts} defaultExpanded={mode === 'add'} />
          </Flex>
        </Form>
      </form>
      <DiscardChangesDialog open={askingToDiscard} onDiscard={onClose} onKeepEditing={() => setAskingToDiscard(false)} />
    </Modal>
  );
}

/**
 * Before the first submit, only the IAP mistakes worth interrupting for are shown live
 * (duplicates, bad amounts); "enter a code" waits until the administrator tries to save.
 */
function liveIapErrors(errors: Record<string, IapRowErrors>): Record<string, IapRowErrors> {
  const live: Record<string, IapRowErrors> = {};
  for (const [key, rowErrors] of Object.entries(errors)) {
    const code = rowErrors.code && rowErrors.code.endsWith('is already listed') ? rowErrors.code : undefined;
    if (code || rowErrors.amount) live[key] = { code, amount: rowErrors.amount };
  }
  return live;
}
