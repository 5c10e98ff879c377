import { useEffect, useState } from 'react';
import type { WebhookDelivery } from '../../../../../shared/schemas';
import { listDeliveries } from '../api/subscribers';
import { formatSubscribedAt } from '../api/subscribers';

const STATE_LABELS: Record<WebhookDelivery['state'], string> = {
  pending: 'Waiting',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** The last changes sent to the e-mail provider's webhook, and how each went. Shown only when one is configured. */
export function WebhookDeliveries() {
  const [data, setData] = useState<{ configured: boolean; deliveries: WebhookDelivery[] } | null>(null);
  useEffect(() => {
    let active = true;
    const load = () => listDeliveries().then((next) => active && setData(next), (error: unknown) => console.error(error));
    void load();
    // Retries happen in the background: keep the view current while it is open.
    const timer = window.setInterval(load, 5000);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, []);
  if (!data?.configured) return null;
  return (
    <section className="adm-section adm-deliveries" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" className="adm-section__heading">
        Provider sync: last deliveries
      </h2>
      {data.deliveries.length === 0 ? (
        <p>Nothing sent yet.</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Email Address</th>
                <th scope="col">Delivery</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{delivery.event}</td>
                  <td>{delivery.email}</td>
                  <td>
                    <span className={`adm-status adm-status--${delivery.state}`}>{STATE_LABELS[delivery.state]}</span>
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.lastStatus ?? delivery.lastError ?? '-'}</td>
                  <td>{formatSubscribedAt(delivery.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
