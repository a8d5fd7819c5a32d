import csv, sys, collections
def f2(x):
    try: return float(x.replace(',','') or 0)
    except: return 0.0
for f in sys.argv[1:]:
    rows=list(csv.reader(open(f)))
    h=[i for i,r in enumerate(rows) if r[:2]==["Address","Source"]][0]
    hdr=rows[h]
    reasons=[k for k in hdr if k.startswith('stall_') and '(Not Issued)' not in k]
    data=[]
    for r in rows[h+1:]:
        if len(r)!=len(hdr): continue
        d=dict(zip(hdr,r)); d['_s']=f2(d["Warp Stall Sampling (All Samples)"])
        d['_r']={k:f2(d[k]) for k in reasons}
        data.append(d)
    tot=sum(d['_s'] for d in data)
    print("==",f,"instructions",len(data),"samples",tot)
    agg=collections.Counter()
    for d in data:
        for k,v in d['_r'].items(): agg[k]+=v
    st=sum(agg.values())
    print("  by reason:", ", ".join(f"{k[6:]} {100*v/st:.1f}%" for k,v in agg.most_common(9)))
    data.sort(key=lambda d:-d['_s'])
    for d in data[:20]:
        top=sorted(d['_r'].items(),key=lambda kv:-kv[1])[:2]
        print(f"  {100*d['_s']/tot:5.1f}% {d['Address'][-5:]} {d['Source'].strip()[:64]:64s} [{top[0][0][6:]} {top[1][0][6:]}] exec={d['Instructions Executed']}")
