// Screen under construction by its issue; replaced in this session.
export default function Signup() {
  return <h1 className="text-2xl font-bold">Signup</h1>;
}
