long ff(long, long, long, long, long, long);
int main(void){ long v[] = {0,1,9,10,99,100,255,256,999,1000,1023,1024,4095,4096,65535,65536,-1,-2,-100,-1000, 0x7fffffff, 0x80000000L, 0xffffffffL, 0x100000000L};
 long s=0; for (unsigned i=0;i+3<sizeof v/sizeof *v;i+=4) s+=ff(v[i],v[i+1],v[i+2],v[i+3],7,8); return (int)(s&1); }
