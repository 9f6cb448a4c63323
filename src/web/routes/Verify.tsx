// Screen under construction by its issue; replaced in this session.
export default function Verify() {
  return <h1 className="text-2xl font-bold">Verify</h1>;
}
