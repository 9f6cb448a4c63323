// Screen under construction by its issue; replaced in this session.
export default function Predictions() {
  return <h1 className="text-2xl font-bold">Predictions</h1>;
}
