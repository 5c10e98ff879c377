import { Link } from './link';

export function NotFoundScreen({ title, message }: { title: string; message: string }) {
  return (
    <section className="status-screen" aria-labelledby="not-found-title">
      <p className="status-screen__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-screen__title" id="not-found-title">
        {title}
      </h1>
      <p className="status-screen__message">{message}</p>
      <Link className="btn btn-primary btn-solid btn-md" to="/">
        Go Home
      </Link>
    </section>
  );
}
