// Screen under construction by its issue; replaced in this session.
export default function Matches() {
  return <h1 className="text-2xl font-bold">Matches</h1>;
}
