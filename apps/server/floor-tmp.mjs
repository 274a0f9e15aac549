import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.removeAllContentTypeParsers();
if (process.env.SYNC) {
  app.addContentTypeParser('application/json', (req, payload, done) => {
    const st = payload._readableState;
    if (payload.complete && !st.flowing && st.length > 0) {
      const buf = payload.read();
      let v; try { v = JSON.parse(buf.toString('utf8')); } catch (e) { return done(e); }
      return done(null, v);
    }
    const chunks = []; payload.on('data', c => chunks.push(c)); payload.on('end', () => done(null, JSON.parse(Buffer.concat(chunks).toString())));
  });
} else app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => done(null, JSON.parse(body)));
app.post('/api/CalcPrice', async (req, reply) => { reply.type('application/json; charset=utf-8'); return JSON.stringify({Status:true,Code:200,Data:{Price: req.body.Weight},Error:null}); });
await app.listen({ port: 3990, host: '127.0.0.1' });
