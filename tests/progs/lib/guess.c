/* A library function no prototype table knows and no DWARF describes
 * (built without -g): strobe ltrace shows it as ltrace does. */
long guess(long a, long b, long c, long d, long e, long f)
{
	return a + b + c + d + e + f;
}
