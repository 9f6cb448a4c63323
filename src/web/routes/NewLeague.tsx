// Screen under construction by its issue; replaced in this session.
export default function NewLeague() {
  return <h1 className="text-2xl font-bold">NewLeague</h1>;
}
