import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { WebhookDelivery, WebhookEndpoint } from '../../../../../shared/schemas/webhook';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/form-field';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/admin-api';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  retryDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  webhookEvents,
} from '../api/webhooks';

type Load<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; value: T };

/** The secret, once: after create and after a rotation; the API never answers it again. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch (error) {
      console.error(error);
    }
  };
  return (
    <section className="adm-section adm-section__body adm-integrations__secret" aria-label="Signing secret">
      <p className="adm-alert adm-alert--warning" role="status">
        Copy this signing secret now: it will not be shown again.
      </p>
      <code data-testid="webhook-secret">{secret}</code>
      <div className="adm-row-actions">
        <button type="button" className="adm-button adm-button--small" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy secret'}
        </button>
        <button type="button" className="adm-button adm-button--small" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}

function EndpointForm({ editing, events, onSaved, onCancel }: { editing: WebhookEndpoint | null; events: string[]; onSaved: (endpoint: WebhookEndpoint, secret?: string) => void; onCancel: () => void }) {
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [chosen, setChosen] = useState<string[]>(editing?.events ?? []);
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const toggle = (event: string) => setChosen((list) => (list.includes(event) ? list.filter((name) => name !== event) : [...list, event]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setFormError('URL is required');
    if (chosen.length === 0) return setFormError('Choose at least one event');
    setSaving(true);
    setFormError(null);
    try {
      const input = { url: url.trim(), description, events: chosen, enabled };
      if (editing) onSaved(await updateWebhook(editing.id, input));
      else {
        const created = await createWebhook(input);
        const { secret, ...endpoint } = created;
        onSaved(endpoint, secret);
        setUrl('');
        setDescription('');
        setChosen([]);
        setEnabled(true);
      }
    } catch (error) {
      console.error(error);
      setFormError(errorMessage(error, 'Failed to save endpoint'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="adm-section adm-section__body" aria-label={editing ? 'Edit endpoint' : 'Add endpoint'} onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="URL" required placeholder="https://example.com/hooks" value={url} onChange={setUrl} />
      <TextField label="Description" value={description} onChange={setDescription} />
      <fieldset className="adm-integrations__events">
        <legend>Events</legend>
        {events.map((name) => (
          <label key={name} className="adm-checkbox">
            <input type="checkbox" checked={chosen.includes(name)} onChange={() => toggle(name)} /> {name}
          </label>
        ))}
      </fieldset>
      <label className="adm-checkbox">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> Enabled
      </label>
      <div className="adm-row-actions">
        <button type="submit" className="adm-button adm-button--primary" disabled={saving}>
          {saving ? 'Saving...' : editing ? 'Update' : 'Add Endpoint'}
        </button>
        {editing ? (
          <button type="button" className="adm-button" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        ) : null}
      </div>
      {formError ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {formError}
        </p>
      ) : null}
    </form>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [state, setState] = useState<Load<WebhookDelivery[]>>({ status: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const load = useCallback((quiet = false) => {
    if (!quiet) setState({ status: 'loading' });
    listDeliveries(endpoint.id).then(
      (page) => setState({ status: 'ready', value: page.items }),
      (failure: unknown) => setState({ status: 'error', error: failure }),
    );
  }, [endpoint.id]);
  useEffect(() => load(), [load]);
  // While a delivery is still on its way, the log looks again shortly.
  const waiting = state.status === 'ready' && state.value.some((delivery) => delivery.state === 'pending' || delivery.state === 'retrying');
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => load(true), 1500);
    return () => clearTimeout(timer);
  }, [waiting, state, load]);

  const again = async (delivery: WebhookDelivery) => {
    setError(null);
    try {
      await retryDelivery(endpoint.id, delivery.id);
      load();
    } catch (failure) {
      console.error(failure);
      setError(errorMessage(failure, 'Failed to send again'));
    }
  };

  return (
    <section className="adm-section adm-section__body" aria-label={`Deliveries to ${endpoint.url}`}>
      <div className="adm-row-actions">
        <h2>Deliveries</h2>
        <button type="button" className="adm-button adm-button--small" onClick={() => load()}>
          Refresh
        </button>
      </div>
      {error ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {state.status === 'loading' ? <InlineLoading label="Loading deliveries..." /> : null}
      {state.status === 'error' ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {errorMessage(state.error, 'Failed to load deliveries')}
        </p>
      ) : null}
      {state.status === 'ready' && state.value.length === 0 ? <p className="adm-empty-note">No deliveries yet.</p> : null}
      {state.status === 'ready' && state.value.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Time</th>
                <th scope="col">State</th>
                <th scope="col">Response</th>
                <th scope="col">Duration</th>
                <th scope="col">Answer</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {state.value.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <code>{delivery.event}</code>
                  </td>
                  <td>{new Date(delivery.lastAttemptAt ?? delivery.createdAt).toLocaleString()}</td>
                  <td>{delivery.state}</td>
                  <td>{delivery.responseStatus ?? delivery.error ?? '—'}</td>
                  <td>{delivery.responseMs === null ? '—' : `${delivery.responseMs} ms`}</td>
                  <td>
                    <code className="adm-integrations__body">{delivery.responseBody ?? ''}</code>
                  </td>
                  <td>
                    <button type="button" className="adm-button adm-button--small" aria-label={`Send ${delivery.event} again`} onClick={() => void again(delivery)}>
                      Send again
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Webhook endpoints: where the site tells other systems that content changed.
 * Add, edit, switch off, rotate the secret, send a test, read the delivery log.
 */
export default function IntegrationsScreen() {
  const [state, setState] = useState<Load<{ endpoints: WebhookEndpoint[]; events: string[] }>>({ status: 'loading' });
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [pending, setPending] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [logKey, setLogKey] = useState(0);

  const load = useCallback(() => {
    Promise.all([listWebhooks(), webhookEvents()]).then(
      ([page, events]) => setState({ status: 'ready', value: { endpoints: page.items, events: events.events } }),
      (error: unknown) => setState({ status: 'error', error }),
    );
  }, []);
  useEffect(load, [load]);

  const act = async (label: string, run: () => Promise<void>) => {
    setActionError(null);
    setNotice(null);
    try {
      await run();
    } catch (error) {
      console.error(error);
      setActionError(errorMessage(error, label));
    }
  };

  const rotate = (endpoint: WebhookEndpoint) =>
    act('Failed to rotate secret', async () => {
      const answer = await rotateWebhookSecret(endpoint.id);
      setSecret(answer.secret);
    });
  const test = (endpoint: WebhookEndpoint) =>
    act('Failed to send test event', async () => {
      const delivery = await sendTestEvent(endpoint.id);
      setNotice(`Test event sent to ${endpoint.url}: ${delivery.state}${delivery.responseStatus ? ` (${delivery.responseStatus})` : ''}.`);
      setLogOf(endpoint);
      setLogKey((key) => key + 1);
    });

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    await act('Failed to delete endpoint', async () => {
      await deleteWebhook(pending.id);
      if (editing?.id === pending.id) setEditing(null);
      if (logOf?.id === pending.id) setLogOf(null);
      load();
    });
    setDeleting(false);
    setPending(null);
  };

  const saved = (_endpoint: WebhookEndpoint, newSecret?: string) => {
    setEditing(null);
    if (newSecret) setSecret(newSecret);
    load();
  };

  return (
    <div className="adm-page adm-integrations">
      <PageHeader title="Integrations" description="Webhooks tell other systems when content changes. Each delivery is signed with the endpoint's secret." />
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      {actionError ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {actionError}
        </p>
      ) : null}
      {notice ? (
        <p className="adm-alert adm-alert--success" role="status">
          {notice}
        </p>
      ) : null}
      {state.status === 'loading' ? <InlineLoading label="Loading endpoints..." /> : null}
      {state.status === 'error' ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {errorMessage(state.error, 'Failed to load endpoints')}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <EndpointForm key={editing?.id ?? 'new'} editing={editing} events={state.value.events} onSaved={saved} onCancel={() => setEditing(null)} />
          {state.value.endpoints.length === 0 ? <p className="adm-empty-note">No endpoints yet.</p> : null}
          {state.value.endpoints.length > 0 ? (
            <div className="adm-table-wrap">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">URL</th>
                    <th scope="col">Status</th>
                    <th scope="col">Events</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {state.value.endpoints.map((endpoint) => (
                    <tr key={endpoint.id}>
                      <td>
                        <code>{endpoint.url}</code>
                        {endpoint.description ? (
                          <>
                            <br />
                            <span>{endpoint.description}</span>
                          </>
                        ) : null}
                      </td>
                      <td>
                        {endpoint.enabled ? 'On' : 'Off'}
                        {endpoint.disabledReason ? (
                          <p className="adm-alert adm-alert--error adm-integrations__reason">Switched off: {endpoint.disabledReason}</p>
                        ) : null}
                      </td>
                      <td title={endpoint.events.join(', ')}>{endpoint.events.length}</td>
                      <td>
                        <div className="adm-row-actions">
                          <button type="button" className="adm-button adm-button--small" aria-label={`Edit ${endpoint.url}`} onClick={() => setEditing(endpoint)}>
                            Edit
                          </button>
                          <button type="button" className="adm-button adm-button--small" aria-label={`Send test to ${endpoint.url}`} onClick={() => void test(endpoint)}>
                            Send test
                          </button>
                          <button type="button" className="adm-button adm-button--small" aria-label={`Deliveries of ${endpoint.url}`} onClick={() => setLogOf(endpoint)}>
                            Deliveries
                          </button>
                          <button type="button" className="adm-button adm-button--small" aria-label={`Rotate secret of ${endpoint.url}`} onClick={() => void rotate(endpoint)}>
                            Rotate secret
                          </button>
                          <button type="button" className="adm-button adm-button--small adm-button--danger" aria-label={`Delete ${endpoint.url}`} onClick={() => setPending(endpoint)}>
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : null}
      {logOf ? <DeliveryLog key={`${logOf.id}-${logKey}`} endpoint={logOf} /> : null}
      <ConfirmDialog
        open={pending !== null}
        title="Delete Endpoint"
        confirmLabel="Delete"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      >
        <p>Are you sure you want to delete this endpoint? It will receive no more events.</p>
        {pending ? <p className="adm-dialog__subject">{pending.url}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
