// Screen under construction by its issue; replaced in this session.
export default function Landing() {
  return <h1 className="text-2xl font-bold">Landing</h1>;
}
