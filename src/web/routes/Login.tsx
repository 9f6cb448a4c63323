// Screen under construction by its issue; replaced in this session.
export default function Login() {
  return <h1 className="text-2xl font-bold">Login</h1>;
}
