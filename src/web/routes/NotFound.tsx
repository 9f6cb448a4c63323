// Screen under construction by its issue; replaced in this session.
export default function NotFound() {
  return <h1 className="text-2xl font-bold">NotFound</h1>;
}
