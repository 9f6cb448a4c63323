// Screen under construction by its issue; replaced in this session.
export default function Statistics() {
  return <h1 className="text-2xl font-bold">Statistics</h1>;
}
